# Qt Test suites for one data-layer area (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_language SOURCES unit/test_language.cpp LIBS isomorph_common LABELS unit)
isomorph_add_test(test_text_input SOURCES unit/test_text_input.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_document_readers
    SOURCES unit/test_document_readers.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_pair_readers
    SOURCES unit/test_pair_readers.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_retrieval_readers
    SOURCES unit/test_retrieval_readers.cpp LIBS isomorph_common isomorph_data LABELS unit)

# libFuzzer targets for the readers, built with clang in their own project (tests/fuzz).
add_test(NAME fuzz_readers
    COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/run_fuzzers.sh ${CMAKE_CURRENT_BINARY_DIR}/fuzz-build)
set_tests_properties(fuzz_readers PROPERTIES LABELS slow TIMEOUT 900)
