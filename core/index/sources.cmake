# core/index: exact top-k (torch-free, in isomorph_data, so evaluations can use it) and the FAISS
# vector indexes (in isomorph_core, which links FAISS).
target_sources(isomorph_data PRIVATE ${CMAKE_CURRENT_LIST_DIR}/top_k.cpp)
target_link_libraries(isomorph_data PRIVATE ${BLAS_LIBRARIES})
