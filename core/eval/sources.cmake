# Sources of core/eval (added to isomorph_data): retrieval, bitext and mining metrics, torch-free.
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/answer_recall.cpp
    ${CMAKE_CURRENT_LIST_DIR}/bucc.cpp
    ${CMAKE_CURRENT_LIST_DIR}/rerank.cpp
    ${CMAKE_CURRENT_LIST_DIR}/retrieval_metrics.cpp)
