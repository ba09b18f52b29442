# Qt Test suites for core/index (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_vector_index
    SOURCES unit/test_vector_index.cpp LIBS isomorph_core LABELS unit)
isomorph_add_test(test_search_service
    SOURCES unit/test_search_service.cpp LIBS isomorph_core LABELS unit)
isomorph_add_test(test_encoding_service
    SOURCES unit/test_encoding_service.cpp LIBS isomorph_core LABELS unit)
# The cross-encoder re-ranker: scores against a direct float64 pass and a python3-torch
# reference, re-ranked runs and result rows, truncation counts, bi-encoders refused.
isomorph_add_test(test_cross_encoder
    SOURCES unit/test_cross_encoder.cpp LIBS isomorph_core LABELS unit TORCH)
