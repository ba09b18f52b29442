# Fails unless every .ts file is complete: no entry marked unfinished (lrelease reports 0
# unfinished and 0 untranslated), and no entry is vanished or obsolete (left over from strings the sources dropped).
#   cmake -DLRELEASE=/path/to/lrelease "-DTS_FILES=a.ts;b.ts" -P check_translations.cmake
# Run by the translations_complete test and the check_translations build target.
if(NOT LRELEASE OR NOT TS_FILES)
    message(FATAL_ERROR "usage: cmake -DLRELEASE=... -DTS_FILES=a.ts;b.ts -P ${CMAKE_CURRENT_LIST_FILE}")
endif()
set(_problems "")
foreach(_ts IN LISTS TS_FILES)
    get_filename_component(_name ${_ts} NAME_WE)
    if(NOT EXISTS ${_ts})
        string(APPEND _problems "${_ts}: missing\n")
        continue()
    endif()
    set(_qm "${CMAKE_CURRENT_BINARY_DIR}/check_translations_${_name}.qm")
    execute_process(COMMAND ${LRELEASE} ${_ts} -qm ${_qm}
        OUTPUT_VARIABLE _out ERROR_VARIABLE _err RESULT_VARIABLE _rc)
    file(REMOVE ${_qm})
    if(NOT _rc EQUAL 0)
        string(APPEND _problems "${_ts}: lrelease failed (${_rc}): ${_err}\n")
        continue()
    endif()
    set(_finished 0)
    set(_unfinished 0)
    set(_ignored 0)
    if(_out MATCHES "Generated ([0-9]+) translation\\(s\\) \\(([0-9]+) finished and ([0-9]+) unfinished\\)")
        set(_finished ${CMAKE_MATCH_2})
        set(_unfinished ${CMAKE_MATCH_3})
    endif()
    if(_out MATCHES "Ignored ([0-9]+) untranslated")
        set(_ignored ${CMAKE_MATCH_1})
    endif()
    # lrelease counts an empty unfinished entry as "untranslated", a filled one as "unfinished";
    # the file's own marks count both.
    file(READ ${_ts} _text)
    string(REGEX MATCHALL "type=\"unfinished\"" _marked "${_text}")
    list(LENGTH _marked _marked_count)
    if(_marked_count GREATER _unfinished)
        set(_unfinished ${_marked_count})
    endif()
    string(REGEX MATCHALL "type=\"(vanished|obsolete)\"" _stale "${_text}")
    list(LENGTH _stale _stale_count)
    message(STATUS "${_name}: ${_finished} finished, ${_unfinished} unfinished, "
                   "${_ignored} untranslated, ${_stale_count} vanished")
    if(_finished EQUAL 0 OR _unfinished GREATER 0 OR _ignored GREATER 0 OR _stale_count GREATER 0)
        string(APPEND _problems "${_ts}: ${_unfinished} unfinished, ${_ignored} untranslated and "
                                "${_stale_count} vanished entries (${_finished} finished)\n")
    endif()
endforeach()
if(_problems)
    message(FATAL_ERROR "Incomplete translations:\n${_problems}"
        "Translate them in Qt Linguist (or the .ts XML) after "
        "`cmake --build BUILD --target update_translations`.")
endif()
