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

    # Inside core/, folders form one order, lowest first. A folder may include its own headers and
    # those of the folders before it, never those after it, so no two folders depend on each other
    # (search results, Ranking and Run, live in core/search/ranking.h so that search needs nothing
    # from eval; language codes and the portable random numbers live in core/common/ so that text
    # needs nothing from data). docs/architecture.md, "Layers", explains each folder's place.
    set(order common workspace text data model_io runtime model align search index eval train workflows)
    list(LENGTH order depth)
    math(EXPR last "${depth} - 2")
    list(JOIN order " < " orderText)
    foreach(i RANGE ${last})
        list(GET order ${i} layer)
        math(EXPR next "${i} + 1")
        list(SUBLIST order ${next} -1 above)
        list(JOIN above "|" aboveRegex)
        check_layer(core/${layer} "^#include [<\"]core/(${aboveRegex})/"
                    "core/${layer} must not include core/{${aboveRegex}} (order: ${orderText})")
    endforeach()
endfunction()
check_layering()
