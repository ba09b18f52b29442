# The safetensors parser, also built alone (instrumented) by tests/fuzz/CMakeLists.txt.
set(ISOMORPH_MODEL_IO_SOURCES ${CMAKE_CURRENT_LIST_DIR}/safetensors.cpp)
