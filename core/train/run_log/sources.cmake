# Sources of core/train/run_log (added to isomorph_data): TensorBoard event files and the
# metrics.jsonl log, without LibTorch or Qt.
set(ISOMORPH_RUN_LOG_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/metrics_log.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tfevents.cpp)
# Like core/model_io/sources.cmake: usable without the isomorph_data target (e.g. by the fuzzers).
if(TARGET isomorph_data)
    target_sources(isomorph_data PRIVATE ${ISOMORPH_RUN_LOG_SOURCES})
endif()
