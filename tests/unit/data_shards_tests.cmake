# Qt Test suites for one data-layer area (see tests/CMakeLists.txt for isomorph_add_test).
