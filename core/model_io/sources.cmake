# Sources of core/model_io (added to isomorph_data): checkpoint file formats without LibTorch.
set(ISOMORPH_MODEL_IO_SOURCES ${CMAKE_CURRENT_LIST_DIR}/safetensors.cpp)
# tests/fuzz/CMakeLists.txt includes this file too, without the isomorph_data target.
if(TARGET isomorph_data)
    target_sources(isomorph_data PRIVATE ${ISOMORPH_MODEL_IO_SOURCES}
                                         ${CMAKE_CURRENT_LIST_DIR}/npy_reader.cpp
                                         ${CMAKE_CURRENT_LIST_DIR}/npy_sidecar.cpp
                                         ${CMAKE_CURRENT_LIST_DIR}/checkpoint_path.cpp)
endif()
