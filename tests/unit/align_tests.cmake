# Qt Test suites for core/align (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_pca_procrustes SOURCES unit/test_pca_procrustes.cpp LIBS isomorph_data LABELS unit)
