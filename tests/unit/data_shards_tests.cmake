# Qt Test suites for one data-layer area (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_shards SOURCES unit/test_shards.cpp LIBS isomorph_common isomorph_text isomorph_data LABELS unit)
isomorph_add_test(test_cli_data SOURCES integration/test_cli_data.cpp LIBS isomorph_text LABELS integration)
