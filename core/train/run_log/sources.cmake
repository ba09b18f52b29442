# core/train/run_log: TensorBoard event files and the metrics.jsonl log, without LibTorch or Qt.
set(ISOMORPH_RUN_LOG_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/metrics_log.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tfevents.cpp)
