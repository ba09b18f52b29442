<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="16"/>
        <source>About Isomorph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="19"/>
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="24"/>
        <source>Component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="24"/>
        <source>Version / state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="30"/>
        <source>Copy report</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LogModel</name>
    <message>
        <location filename="../views/log_model.cpp" line="45"/>
        <source>debug</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="46"/>
        <source>info</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="47"/>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48"/>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="87"/>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="88"/>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="89"/>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="90"/>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67"/>
        <source>All messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68"/>
        <source>Info and above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69"/>
        <source>Warnings and errors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70"/>
        <source>Errors only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72"/>
        <source>Filter messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75"/>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76"/>
        <source>Copy the selected messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78"/>
        <source>Clear</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79"/>
        <source>Remove all messages</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="63"/>
        <source>Log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="69"/>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="80"/>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="97"/>
        <location filename="../app/gui/main_window.cpp" line="273"/>
        <location filename="../app/gui/main_window.cpp" line="316"/>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="117"/>
        <source>&amp;New Workspace...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="119"/>
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="122"/>
        <source>&amp;Open Workspace...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="126"/>
        <source>&amp;Close Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="130"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="135"/>
        <source>Open &amp;Demo Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="138"/>
        <source>Cannot open the demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="141"/>
        <source>&amp;Full Screen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="147"/>
        <source>&amp;About Isomorph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="150"/>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="156"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="159"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="165"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="167"/>
        <source>&amp;Log Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="173"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="205"/>
        <source>Opened workspace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="208"/>
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="224"/>
        <source>Created workspace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="231"/>
        <source>Demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="243"/>
        <source>Closed workspace %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="278"/>
        <source>Clear Recent Workspaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>%1 — Isomorph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="293"/>
        <source>Isomorph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="307"/>
        <source>Cannot create workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="312"/>
        <source>Open Workspace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21"/>
        <source>New Workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22"/>
        <source>e.g. ccp-replication</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23"/>
        <source>Browse...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28"/>
        <source>Create</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32"/>
        <source>&amp;Location:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37"/>
        <source>Location of the workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="60"/>
        <source>Enter a name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="62"/>
        <source>The name is used as a folder name: it cannot contain &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="64"/>
        <source>Choose a location.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66"/>
        <source>%1 already exists; choose another name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70"/>
        <source>%1 is not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="71"/>
        <source>%1 is not writable.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79"/>
        <source>The workspace will be created in %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="17"/>
        <source>BLAS library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="19"/>
        <source>float32 GEMM %1³</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="20"/>
        <source>%1 GFLOP/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="22"/>
        <source>Threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="22"/>
        <source>%1 intra-op, %2 logical CPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="25"/>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26"/>
        <source>%1 device(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27"/>
        <source>not compiled (CPU-only LibTorch)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="29"/>
        <source>c10d %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30"/>
        <source>available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30"/>
        <source>unavailable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="33"/>
        <source>Warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="43"/>
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16"/>
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21"/>
        <source>New workspace...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22"/>
        <source>Open workspace...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23"/>
        <source>Open demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="27"/>
        <source>Recent workspaces</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="28"/>
        <source>No workspace opened yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22"/>
        <source>Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23"/>
        <source>Show in file manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="47"/>
        <source>created %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="50"/>
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="72"/>
        <source>Corpora</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="72"/>
        <location filename="../views/workspace_overview.cpp" line="73"/>
        <location filename="../views/workspace_overview.cpp" line="74"/>
        <location filename="../views/workspace_overview.cpp" line="75"/>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="73"/>
        <source>Tokenizers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="74"/>
        <source>Runs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="75"/>
        <source>Indexes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="46"/>
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="52"/>
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="53"/>
        <source>folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="70"/>
        <source>Cannot open workspace</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="76"/>
        <source>Cannot open the demo workspace</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
