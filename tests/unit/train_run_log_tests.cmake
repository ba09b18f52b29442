# Qt Test suites for core/train/run_log (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_tfevents SOURCES unit/test_tfevents.cpp LIBS isomorph_common isomorph_train LABELS unit)
isomorph_add_test(test_run_records SOURCES unit/test_run_records.cpp LIBS isomorph_common isomorph_train LABELS unit)
