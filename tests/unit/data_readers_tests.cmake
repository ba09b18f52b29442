# Qt Test suites for one data-layer area (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_language SOURCES unit/test_language.cpp LIBS isomorph_data LABELS unit)
