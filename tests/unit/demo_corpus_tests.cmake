# Qt Test suites for one data-layer area (see tests/CMakeLists.txt for isomorph_add_test).
isomorph_add_test(test_demo_corpus_text
    SOURCES unit/test_demo_corpus_text.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_demo_corpus_build
    SOURCES unit/test_demo_corpus_build.cpp LIBS isomorph_data Qt6::Core LABELS integration slow
    TIMEOUT 600)
isomorph_add_test(test_demo_corpus_splits
    SOURCES unit/test_demo_corpus_splits.cpp LIBS isomorph_data Qt6::Core LABELS unit)
isomorph_add_test(test_ui_catalogs
    SOURCES unit/test_ui_catalogs.cpp LIBS isomorph_common isomorph_data LABELS unit)
isomorph_add_test(test_doc_books
    SOURCES unit/test_doc_books.cpp LIBS isomorph_common isomorph_data LABELS unit)
