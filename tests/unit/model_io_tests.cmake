# Qt Test suites for core/model_io (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_safetensors SOURCES unit/test_safetensors.cpp LIBS isomorph_common isomorph_model_io LABELS unit)
isomorph_add_test(test_npy_sidecar SOURCES unit/test_npy_sidecar.cpp LIBS isomorph_common isomorph_model_io LABELS unit)
isomorph_add_test(test_e5s_file SOURCES unit/test_e5s_file.cpp LIBS isomorph_model isomorph_model_io LABELS unit TORCH)
