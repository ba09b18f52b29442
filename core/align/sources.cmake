# Sources of core/align (added to isomorph_data): PCA, Procrustes and cross-lingual calibration
# on plain float matrices. Eigen stays inside the .cpp files.
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/pca.cpp
    ${CMAKE_CURRENT_LIST_DIR}/procrustes.cpp)
target_link_libraries(isomorph_data PRIVATE Eigen3::Eigen)
