# Qt Test suites for core/index (see tests/CMakeLists.txt for isomorph_add_test).
