# Sources of core/align (added to isomorph_data): PCA, Procrustes, nearest neighbours (cosine,
# CSLS, margin) and cross-lingual calibration on plain float matrices. Eigen stays inside the .cpp
# files; BLAS/LAPACK (OpenBLAS on our machines) does the large GEMMs and the Procrustes SVD.
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/bitext_metrics.cpp
    ${CMAKE_CURRENT_LIST_DIR}/blas.cpp
    ${CMAKE_CURRENT_LIST_DIR}/calibration.cpp
    ${CMAKE_CURRENT_LIST_DIR}/knn.cpp
    ${CMAKE_CURRENT_LIST_DIR}/pca.cpp
    ${CMAKE_CURRENT_LIST_DIR}/procrustes.cpp)
target_link_libraries(isomorph_data PRIVATE Eigen3::Eigen ${LAPACK_LIBRARIES} ${BLAS_LIBRARIES})
