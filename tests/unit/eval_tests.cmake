# Qt Test suites for core/eval (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_retrieval_metrics SOURCES unit/test_retrieval_metrics.cpp LIBS isomorph_data LABELS unit)
