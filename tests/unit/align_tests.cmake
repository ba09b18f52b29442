# Qt Test suites for core/align (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_pca_procrustes SOURCES unit/test_pca_procrustes.cpp LIBS isomorph_common isomorph_align LABELS unit)
isomorph_add_test(test_knn SOURCES unit/test_knn.cpp LIBS isomorph_common isomorph_align LABELS unit)
isomorph_add_test(test_bitext_bucc SOURCES unit/test_bitext_bucc.cpp LIBS isomorph_common isomorph_align isomorph_eval LABELS unit)
isomorph_add_test(test_calibration SOURCES unit/test_calibration.cpp LIBS isomorph_common isomorph_model_io isomorph_align LABELS unit)
# The calibration fit workflow (core/eval/calibration_fit) encodes with a tiny random model.
isomorph_add_test(test_calibration_fit SOURCES unit/test_calibration_fit.cpp LIBS isomorph_core LABELS unit)
