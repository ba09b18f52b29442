# Sources of core/data/demo: the multilingual demo corpus built from the
# installed man pages (docs/demo-corpus.md). Page sources are gzip files, read with zlib.
# doc_books: the documentation books (installed HTML manuals), parsed with libxml2.
# ui_catalogs: the held-out, evaluation-only UI bitext set from installed gettext catalogs.
find_package(ZLIB REQUIRED)
find_package(LibXml2 REQUIRED)
target_sources(isomorph_data PRIVATE
    ${CMAKE_CURRENT_LIST_DIR}/demo_corpus.cpp
    ${CMAKE_CURRENT_LIST_DIR}/demo_outputs.cpp
    ${CMAKE_CURRENT_LIST_DIR}/doc_books.cpp
    ${CMAKE_CURRENT_LIST_DIR}/man_render.cpp
    ${CMAKE_CURRENT_LIST_DIR}/man_text.cpp
    ${CMAKE_CURRENT_LIST_DIR}/sentence_splitter.cpp
    ${CMAKE_CURRENT_LIST_DIR}/split_overlap.cpp
    ${CMAKE_CURRENT_LIST_DIR}/split_units.cpp
    ${CMAKE_CURRENT_LIST_DIR}/ui_catalogs.cpp)
target_link_libraries(isomorph_data PRIVATE ZLIB::ZLIB LibXml2::LibXml2)
