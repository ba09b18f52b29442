# Writes OUT: a C++ initializer `kPresetData` of {name, text} pairs from every *.toml in DIR.
# Run at build time (add_custom_command) so editing a preset rebuilds only presets.cpp.
file(GLOB presets "${DIR}/*.toml")
list(SORT presets)
set(body "// Generated from resources/presets by resources/embed_presets.cmake; do not edit.\n")
string(APPEND body "static const std::vector<isomorph::train::Preset> kPresetData = {\n")
foreach(p IN LISTS presets)
    get_filename_component(name "${p}" NAME_WE)
    file(READ "${p}" text)
    string(APPEND body "    {\"${name}\", R\"isomorph_preset(${text})isomorph_preset\"},\n")
endforeach()
string(APPEND body "};\n")
file(WRITE "${OUT}.tmp" "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
