# Sources of core/data/readers.
set(ISOMORPH_READER_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/text_input.cpp
    ${CMAKE_CURRENT_LIST_DIR}/json_line.cpp
    ${CMAKE_CURRENT_LIST_DIR}/document_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/plain_text_document_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/jsonl_document_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/sentence_pair_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/moses_pair_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tsv_pair_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tatoeba_pair_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/beir_corpus_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/answers_reader.cpp
    ${CMAKE_CURRENT_LIST_DIR}/retrieval_sets.cpp)
# tests/fuzz/CMakeLists.txt includes this file too, without the isomorph_data target.
if(TARGET isomorph_data)
    target_sources(isomorph_data PRIVATE ${ISOMORPH_READER_SOURCES})
endif()
