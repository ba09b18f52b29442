# Qt Test suite for views/charts (see tests/CMakeLists.txt for isomorph_add_test). GUI only:
# include it inside if(ISOMORPH_BUILD_GUI).
isomorph_add_test(test_metric_chart
    SOURCES gui/test_metric_chart.cpp LIBS isomorph_views LABELS gui)
