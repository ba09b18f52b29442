# core/train/run_log: TensorBoard event files, the metrics.jsonl records and status.json, without
# LibTorch or Qt.
set(ISOMORPH_RUN_LOG_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/metrics_log.cpp
    ${CMAKE_CURRENT_LIST_DIR}/run_records.cpp
    ${CMAKE_CURRENT_LIST_DIR}/run_status.cpp
    ${CMAKE_CURRENT_LIST_DIR}/tfevents.cpp)
