# Sources of core/data/samplers.
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/ccp_sampler.cpp
    ${CMAKE_CURRENT_LIST_DIR}/collate.cpp
    ${CMAKE_CURRENT_LIST_DIR}/corpus_index.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cross_encoder_input.cpp
    ${CMAKE_CURRENT_LIST_DIR}/cursor.cpp
    ${CMAKE_CURRENT_LIST_DIR}/item_planner.cpp
    ${CMAKE_CURRENT_LIST_DIR}/masking.cpp
    ${CMAKE_CURRENT_LIST_DIR}/mlm_sampler.cpp
    ${CMAKE_CURRENT_LIST_DIR}/msm_sampler.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pair_sampler.cpp
    ${CMAKE_CURRENT_LIST_DIR}/retrieval_sampler.cpp
    ${CMAKE_CURRENT_LIST_DIR}/section_alignment.cpp)
