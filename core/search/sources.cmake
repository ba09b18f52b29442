# Sources of core/search (added to isomorph_data): the Xapian BM25 baseline and hybrid score
# fusion. Xapian stays private: no public header of ours includes it.
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/bm25_index.cpp
    ${CMAKE_CURRENT_LIST_DIR}/fusion.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ranking.cpp)
target_include_directories(isomorph_data SYSTEM PRIVATE ${XAPIAN_INCLUDE_DIR})
target_link_libraries(isomorph_data PRIVATE ${XAPIAN_LIBRARIES})
