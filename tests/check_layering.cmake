# Fails when a layer includes what it must not (see docs/architecture.md, "Layers"). Runs at
# configure time (included from the top-level CMakeLists.txt, so a forbidden include stops
# configuration) and as the `layering` test (cmake -DSOURCE_DIR=... -P check_layering.cmake).
if(NOT SOURCE_DIR)
    set(SOURCE_DIR ${PROJECT_SOURCE_DIR})
endif()

function(check_layer dir regex what)
    file(GLOB_RECURSE files ${SOURCE_DIR}/${dir}/*.h ${SOURCE_DIR}/${dir}/*.cpp)
    foreach(f ${files})
        file(STRINGS ${f} hits REGEX "${regex}")
        if(hits)
            file(RELATIVE_PATH rel ${SOURCE_DIR} ${f})
            message(SEND_ERROR "${rel}: ${what}: ${hits}")
        endif()
    endforeach()
endfunction()

function(check_layering)
    check_layer(core "^#include [<\"](Q[A-Za-z]+|qt[a-z]*/)" "core/ must not include Qt")
    check_layer(views "^#include [<\"](torch/|ATen/|c10/|core/)" "views/ must not include LibTorch or core headers")

    # The retrieval stack inside core/: align < search < index < eval. A folder may include its own
    # headers and those of the folders before it, never those after it (search results, Ranking and
    # Run, live in core/search/ranking.h so that search needs nothing from eval). The layers below
    # the stack (common, text, data, model_io, model, runtime) include none of it.
    set(stack align search index eval)
    list(LENGTH stack depth)
    math(EXPR last "${depth} - 1")
    foreach(i RANGE ${last})
        list(GET stack ${i} layer)
        math(EXPR next "${i} + 1")
        if(next LESS depth)
            list(SUBLIST stack ${next} -1 above)
            list(JOIN above "|" aboveRegex)
            check_layer(core/${layer} "^#include [<\"]core/(${aboveRegex})/"
                        "core/${layer} must not include core/{${aboveRegex}} (order: align < search < index < eval)")
        endif()
    endforeach()
    foreach(lower common text data model_io model runtime)
        check_layer(core/${lower} "^#include [<\"]core/(align|search|index|eval)/"
                    "core/${lower} is below the retrieval stack and must not include core/{align|search|index|eval}")
    endforeach()
endfunction()
check_layering()
