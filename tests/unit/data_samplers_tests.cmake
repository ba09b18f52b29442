# Qt Test suites for core/data/samplers (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_shard_samplers SOURCES unit/test_shard_samplers.cpp LIBS isomorph_common isomorph_text isomorph_data LABELS unit)
isomorph_add_test(test_sampler_basics SOURCES unit/test_sampler_basics.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_cross_encoder_input SOURCES unit/test_cross_encoder_input.cpp LIBS isomorph_common isomorph_data LABELS unit)
