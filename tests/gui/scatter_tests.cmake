# Qt Test suite for views/embeddings (see tests/CMakeLists.txt for isomorph_add_test). GUI only:
# include it inside if(ISOMORPH_BUILD_GUI).
isomorph_add_test(test_scatter_view
    SOURCES gui/test_scatter_view.cpp LIBS isomorph_views LABELS gui)
# The Embeddings view with its controller (app/gui) on a tiny encoder: encoding, calibration and
# the event-loop watchdog.
isomorph_add_test(test_embeddings_view
    SOURCES gui/test_embeddings_view.cpp LIBS isomorph_gui LABELS "gui;integration")
