// `isomorph-cli workspace create|info`: the folders both front ends work in.

#include <algorithm>
#include <iostream>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/cli_context.h"
#include "core/workflows/contents_summary.h"
#include "core/workspace/workspace.h"

namespace isomorph::cli {
namespace {

struct WorkspaceOptions {
    std::string dir;
    std::string name;
    bool ifMissing = false;
    bool json = false;
};

std::string resolveDir(const std::string& dir) {
    return dir.empty() ? workspace::defaultDemoWorkspacePath().string() : dir;
}

int runCreate(const WorkspaceOptions& o) {
    const std::string dir = resolveDir(o.dir);
    if (o.ifMissing && workspace::Workspace::isWorkspace(dir)) {
        workspace::Workspace ws = workspace::Workspace::open(dir);
        std::cout << "workspace '" << ws.name() << "' already exists at " << ws.root().string()
                  << "\n";
        return kExitOk;
    }
    workspace::Workspace ws = workspace::Workspace::create(dir, o.name);
    std::cout << "created workspace '" << ws.name() << "' at " << ws.root().string() << "\n";
    return kExitOk;
}

int runInfo(const WorkspaceOptions& o) {
    workspace::Workspace ws = workspace::Workspace::open(resolveDir(o.dir));
    const workflows::ContentsSummary summary = workflows::summarizeContents(ws);
    const std::vector<std::pair<const char*, const std::vector<workflows::EntrySummary>*>> groups =
        {{"corpora", &summary.corpora},
         {"tokenizers", &summary.tokenizers},
         {"runs", &summary.runs},
         {"indexes", &summary.indexes},
         {"models", &summary.models}};
    if (o.json) {
        nlohmann::json j = {{"name", ws.name()},
                            {"path", ws.root().string()},
                            {"created", ws.created()},
                            {"writable", ws.writable()},
                            {"start", {{"model", summary.start}, {"why", summary.startWhy}}}};
        for (const auto& [title, entries] : groups) {
            j[title] = nlohmann::json::array();
            for (const auto& e : *entries) {
                j[title].push_back(e.name);
                j["details"][title][e.name] = e.details;  // one line each, as the text shows
            }
        }
        std::cout << j.dump(2) << "\n";
        return kExitOk;
    }
    std::cout << "workspace: " << ws.name() << "\npath: " << ws.root().string()
              << "\ncreated: " << ws.created() << (ws.writable() ? "" : "\n(read-only)")
              << "\nstart model: " << summary.start
              << (summary.startWhy.empty() ? "" : " (" + summary.startWhy + ")") << "\n";
    for (const auto& [title, entries] : groups) {
        std::size_t width = 0;
        for (const auto& e : *entries)
            width = std::max(width, e.name.size());
        std::cout << title << " (" << entries->size() << ")";
        for (const auto& e : *entries)
            std::cout << "\n  " << e.name << std::string(width - e.name.size() + 2, ' ')
                      << e.details;
        std::cout << "\n";
    }
    return kExitOk;
}

}  // namespace

void registerWorkspace(CLI::App& app, Registry& registry) {
    CLI::App* ws = app.add_subcommand("workspace", "Create or inspect a workspace folder");
    ws->require_subcommand(1);
    const std::string dirHelp =
        "Workspace folder (default: the demo workspace, $ISOMORPH_WORKSPACE or "
        "$XDG_DATA_HOME/isomorph/demo-workspace)";

    auto create = std::make_shared<WorkspaceOptions>();
    CLI::App* c = ws->add_subcommand("create", "Make a folder an Isomorph workspace");
    c->add_option("dir", create->dir, dirHelp);
    c->add_option("--name", create->name, "Display name (default: the folder's name)");
    c->add_flag("--if-missing", create->ifMissing, "Succeed when the workspace already exists");
    c->callback([&registry, create] { registry.run = [create] { return runCreate(*create); }; });

    auto info = std::make_shared<WorkspaceOptions>();
    CLI::App* i = ws->add_subcommand("info", "Show what a workspace holds");
    i->add_option("dir", info->dir, dirHelp);
    i->add_flag("--json", info->json, "Print one JSON object instead of text");
    i->callback([&registry, info] { registry.run = [info] { return runInfo(*info); }; });
}

}  // namespace isomorph::cli
