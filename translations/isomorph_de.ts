<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="de_DE">
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18" />
        <source>BLAS library</source>
        <translation>BLAS-Bibliothek</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="20" />
        <source>float32 GEMM %1×%1×%1</source>
        <translation>float32-GEMM %1×%1×%1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="21" />
        <source>%1 GFLOP/s</source>
        <translation>%1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23" />
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23" />
        <source>%1 intra-op, %2 logical CPUs</source>
        <translation>%1 Intra-Op, %2 logische CPUs</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26" />
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27" />
        <source>%1 device(s)</source>
        <translation>%1 Gerät(e)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28" />
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>nicht einkompiliert (LibTorch nur für CPU)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30" />
        <source>c10d %1</source>
        <translation>c10d %1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31" />
        <source>available</source>
        <translation>verfügbar</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31" />
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35" />
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45" />
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>Bibliotheksversionen werden gesammelt und die BLAS-Geschwindigkeit gemessen …</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="64" />
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="70" />
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="81" />
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="99" />
        <location filename="../app/gui/main_window.cpp" line="282" />
        <location filename="../app/gui/main_window.cpp" line="325" />
        <source>Cannot open workspace</source>
        <translation>Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="122" />
        <source>&amp;New Workspace...</source>
        <translation>&amp;Neuer Arbeitsbereich …</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="124" />
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>Einen Arbeitsbereich-Ordner für Korpora, Läufe und Indizes anlegen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="127" />
        <source>&amp;Open Workspace...</source>
        <translation>Arbeitsbereich ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131" />
        <source>&amp;Close Workspace</source>
        <translation>Arbeitsbereich &amp;schließen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="135" />
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="140" />
        <source>Open &amp;Demo Workspace</source>
        <translation>&amp;Demo-Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="143" />
        <source>Cannot open the demo workspace</source>
        <translation>Der Demo-Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="146" />
        <source>&amp;Full Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="152" />
        <source>&amp;About Isomorph</source>
        <translation>Ü&amp;ber Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="155" />
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="161" />
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="164" />
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="170" />
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="172" />
        <source>&amp;Log Panel</source>
        <translation>&amp;Protokoll</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="178" />
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="211" />
        <source>Opened workspace %1</source>
        <translation>Arbeitsbereich %1 geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="214" />
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 ist schreibgeschützt: Läufe und Indizes können dort nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="230" />
        <source>Created workspace %1</source>
        <translation>Arbeitsbereich %1 angelegt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="237" />
        <source>Demo workspace</source>
        <translation>Demo-Arbeitsbereich</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249" />
        <source>Closed workspace %1</source>
        <translation>Arbeitsbereich %1 geschlossen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="287" />
        <source>Clear Recent Workspaces</source>
        <translation>Liste der zuletzt geöffneten leeren</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="301" />
        <source>%1 — Isomorph</source>
        <translation>%1 — Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="302" />
        <source>Isomorph</source>
        <translation>Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="316" />
        <source>Cannot create workspace</source>
        <translation>Arbeitsbereich kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="322" />
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19" />
        <source>About Isomorph</source>
        <translation>Über Isomorph</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23" />
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>Eine Forschungsumgebung für das Vortraining sprachübergreifender Satzrepräsentationen und dichtes Retrieval.&lt;br&gt;Lizenziert unter der Apache License, Version 2.0.</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28" />
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28" />
        <source>Version / state</source>
        <translation>Version / Zustand</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34" />
        <source>Copy report</source>
        <translation>Bericht kopieren</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogModel</name>
    <message>
        <location filename="../views/log_model.cpp" line="46" />
        <source>debug</source>
        <translation>Debug</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48" />
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50" />
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52" />
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96" />
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98" />
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100" />
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102" />
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67" />
        <source>All messages</source>
        <translation>Alle Meldungen</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68" />
        <source>Info and above</source>
        <translation>Info und höher</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69" />
        <source>Warnings and errors</source>
        <translation>Warnungen und Fehler</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70" />
        <source>Errors only</source>
        <translation>Nur Fehler</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72" />
        <source>Filter messages</source>
        <translation>Meldungen filtern</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75" />
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76" />
        <source>Copy the selected messages</source>
        <translation>Die ausgewählten Meldungen kopieren</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78" />
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79" />
        <source>Remove all messages</source>
        <translation>Alle Meldungen entfernen</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21" />
        <source>New Workspace</source>
        <translation>Neuer Arbeitsbereich</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22" />
        <source>e.g. ccp-replication</source>
        <translation>z. B. ccp-replikation</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23" />
        <source>Browse...</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28" />
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31" />
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32" />
        <source>&amp;Location:</source>
        <translation>&amp;Ort:</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37" />
        <source>Location of the workspace</source>
        <translation>Ort des Arbeitsbereichs</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66" />
        <source>Enter a name.</source>
        <translation>Geben Sie einen Namen ein.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68" />
        <source>The name is used as a folder name: it cannot contain '/' or be '.' or '..'.</source>
        <translation>Der Name wird als Ordnername verwendet: Er darf kein '/' enthalten und nicht '.' oder '..' sein.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70" />
        <source>Choose a location.</source>
        <translation>Wählen Sie einen Ort.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73" />
        <source>%1 already exists; choose another name.</source>
        <translation>%1 existiert bereits; wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78" />
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79" />
        <source>%1 is not writable.</source>
        <translation>%1 ist nicht beschreibbar.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86" />
        <source>The workspace will be created in %1</source>
        <translation>Der Arbeitsbereich wird in %1 angelegt</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16" />
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>Ein Arbeitsbereich ist ein Ordner mit Ihren Korpora, Tokenizern, Trainingsläufen und Suchindizes. Legen Sie einen an, öffnen Sie einen vorhandenen oder den Demo-Arbeitsbereich, der aus den auf diesem Rechner installierten mehrsprachigen Handbuchseiten entsteht.</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21" />
        <source>New workspace...</source>
        <translation>Neuer Arbeitsbereich …</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22" />
        <source>Open workspace...</source>
        <translation>Arbeitsbereich öffnen …</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23" />
        <source>Open demo workspace</source>
        <translation>Demo-Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="27" />
        <source>Recent workspaces</source>
        <translation>Zuletzt geöffnete Arbeitsbereiche</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="28" />
        <source>No workspace opened yet.</source>
        <translation>Noch kein Arbeitsbereich geöffnet.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19" />
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19" />
        <source>Folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22" />
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23" />
        <source>Show in file manager</source>
        <translation>Im Dateimanager zeigen</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="47" />
        <source>created %1</source>
        <translation>angelegt %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="50" />
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>Schreibgeschützt: Neue Läufe und Indizes können hier nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="73" />
        <source>Corpora</source>
        <translation>Korpora</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="73" />
        <location filename="../views/workspace_overview.cpp" line="74" />
        <location filename="../views/workspace_overview.cpp" line="75" />
        <location filename="../views/workspace_overview.cpp" line="76" />
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="74" />
        <source>Tokenizers</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="75" />
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="76" />
        <source>Indexes</source>
        <translation>Indizes</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="47" />
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>Forschungsumgebung für sprachübergreifende Satzrepräsentationen und Retrieval.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="53" />
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>Den Arbeitsbereich in &lt;Ordner&gt; öffnen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="54" />
        <source>folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="57" />
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>Den eingebauten Demo-Arbeitsbereich öffnen (wird bei Bedarf angelegt).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="71" />
        <source>Cannot open workspace</source>
        <translation>Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="77" />
        <source>Cannot open the demo workspace</source>
        <translation>Der Demo-Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
</context>
</TS>