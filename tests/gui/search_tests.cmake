# Qt Test suite for views/search and app/gui/search_controller (see tests/CMakeLists.txt for
# isomorph_add_test). GUI only: include it inside if(ISOMORPH_BUILD_GUI).
isomorph_add_test(test_search_view
    SOURCES gui/test_search_view.cpp LIBS isomorph_gui LABELS "gui;integration")
