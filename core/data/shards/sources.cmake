# Sources of core/data/shards.
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/binarizer.cpp
    ${CMAKE_CURRENT_LIST_DIR}/shard_set.cpp
    ${CMAKE_CURRENT_LIST_DIR}/shard_stats.cpp)
