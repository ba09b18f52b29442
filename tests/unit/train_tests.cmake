# Qt Test suites for core/train (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_run_config SOURCES unit/test_run_config.cpp LIBS isomorph_data LABELS unit)
isomorph_add_test(test_train_objectives
    SOURCES unit/test_train_objectives.cpp LIBS isomorph_core LABELS unit)
