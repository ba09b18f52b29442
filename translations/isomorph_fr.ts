<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="fr_FR">
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18" />
        <source>BLAS library</source>
        <translation>Bibliothèque BLAS</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="20" />
        <source>float32 GEMM %1×%1×%1</source>
        <translation>GEMM float32 %1×%1×%1</translation>
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
        <translation>%1 intra-op, %2 processeurs logiques</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26" />
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27" />
        <source>%1 device(s)</source>
        <translation>%1 périphérique(s)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28" />
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>non compilé (LibTorch pour CPU seulement)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30" />
        <source>c10d %1</source>
        <translation>c10d %1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31" />
        <source>available</source>
        <translation>disponible</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31" />
        <source>unavailable</source>
        <translation>indisponible</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35" />
        <source>Warning</source>
        <translation>Avertissement</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45" />
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>Collecte des versions des bibliothèques et mesure de la vitesse BLAS…</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="64" />
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="70" />
        <source>Overview</source>
        <translation>Vue d’ensemble</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="81" />
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="99" />
        <location filename="../app/gui/main_window.cpp" line="282" />
        <location filename="../app/gui/main_window.cpp" line="325" />
        <source>Cannot open workspace</source>
        <translation>Impossible d’ouvrir l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="122" />
        <source>&amp;New Workspace...</source>
        <translation>&amp;Nouvel espace de travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="124" />
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>Créer un dossier d’espace de travail pour les corpus, les entraînements et les index</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="127" />
        <source>&amp;Open Workspace...</source>
        <translation>&amp;Ouvrir un espace de travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="131" />
        <source>&amp;Close Workspace</source>
        <translation>&amp;Fermer l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="135" />
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="140" />
        <source>Open &amp;Demo Workspace</source>
        <translation>Ouvrir l’espace de &amp;démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="143" />
        <source>Cannot open the demo workspace</source>
        <translation>Impossible d’ouvrir l’espace de démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="146" />
        <source>&amp;Full Screen</source>
        <translation>&amp;Plein écran</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="152" />
        <source>&amp;About Isomorph</source>
        <translation>À &amp;propos d’Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="155" />
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="161" />
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="164" />
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un &amp;récent</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="170" />
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="172" />
        <source>&amp;Log Panel</source>
        <translation>&amp;Journal</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="178" />
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="211" />
        <source>Opened workspace %1</source>
        <translation>Espace de travail %1 ouvert</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="214" />
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 est en lecture seule : impossible d’y enregistrer entraînements et index</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="230" />
        <source>Created workspace %1</source>
        <translation>Espace de travail %1 créé</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="237" />
        <source>Demo workspace</source>
        <translation>Espace de démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249" />
        <source>Closed workspace %1</source>
        <translation>Espace de travail %1 fermé</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="287" />
        <source>Clear Recent Workspaces</source>
        <translation>Effacer la liste des récents</translation>
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
        <translation>Impossible de créer l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="322" />
        <source>Open Workspace</source>
        <translation>Ouvrir un espace de travail</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19" />
        <source>About Isomorph</source>
        <translation>À propos d’Isomorph</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23" />
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>Un atelier de recherche pour le pré-entraînement de représentations de phrases multilingues et la recherche dense.&lt;br&gt;Distribué sous la licence Apache, version 2.0.</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28" />
        <source>Component</source>
        <translation>Composant</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28" />
        <source>Version / state</source>
        <translation>Version / état</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34" />
        <source>Copy report</source>
        <translation>Copier le rapport</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogModel</name>
    <message>
        <location filename="../views/log_model.cpp" line="46" />
        <source>debug</source>
        <translation>débogage</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48" />
        <source>info</source>
        <translation>info</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50" />
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52" />
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96" />
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98" />
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100" />
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102" />
        <source>Message</source>
        <translation>Message</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67" />
        <source>All messages</source>
        <translation>Tous les messages</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68" />
        <source>Info and above</source>
        <translation>Info et plus</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69" />
        <source>Warnings and errors</source>
        <translation>Avertissements et erreurs</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70" />
        <source>Errors only</source>
        <translation>Erreurs seulement</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72" />
        <source>Filter messages</source>
        <translation>Filtrer les messages</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75" />
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76" />
        <source>Copy the selected messages</source>
        <translation>Copier les messages sélectionnés</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78" />
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79" />
        <source>Remove all messages</source>
        <translation>Supprimer tous les messages</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21" />
        <source>New Workspace</source>
        <translation>Nouvel espace de travail</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22" />
        <source>e.g. ccp-replication</source>
        <translation>p. ex. replication-ccp</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23" />
        <source>Browse...</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28" />
        <source>Create</source>
        <translation>Créer</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31" />
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32" />
        <source>&amp;Location:</source>
        <translation>&amp;Emplacement :</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37" />
        <source>Location of the workspace</source>
        <translation>Emplacement de l’espace de travail</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66" />
        <source>Enter a name.</source>
        <translation>Saisissez un nom.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68" />
        <source>The name is used as a folder name: it cannot contain '/' or be '.' or '..'.</source>
        <translation>Le nom sert de nom de dossier : il ne peut pas contenir « / » ni valoir « . » ou « .. ».</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70" />
        <source>Choose a location.</source>
        <translation>Choisissez un emplacement.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73" />
        <source>%1 already exists; choose another name.</source>
        <translation>%1 existe déjà ; choisissez un autre nom.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78" />
        <source>%1 is not a folder.</source>
        <translation>%1 n’est pas un dossier.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79" />
        <source>%1 is not writable.</source>
        <translation>%1 n’est pas accessible en écriture.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86" />
        <source>The workspace will be created in %1</source>
        <translation>L’espace de travail sera créé dans %1</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16" />
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>Un espace de travail est un dossier qui contient vos corpus, tokeniseurs, entraînements et index de recherche. Créez-en un, ouvrez-en un existant, ou ouvrez l’espace de démonstration construit à partir des pages de manuel multilingues installées sur cette machine.</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21" />
        <source>New workspace...</source>
        <translation>Nouvel espace de travail…</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22" />
        <source>Open workspace...</source>
        <translation>Ouvrir un espace de travail…</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23" />
        <source>Open demo workspace</source>
        <translation>Ouvrir l’espace de démonstration</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="27" />
        <source>Recent workspaces</source>
        <translation>Espaces de travail récents</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="28" />
        <source>No workspace opened yet.</source>
        <translation>Aucun espace de travail ouvert pour l’instant.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19" />
        <source>Item</source>
        <translation>Élément</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19" />
        <source>Folder</source>
        <translation>Dossier</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22" />
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23" />
        <source>Show in file manager</source>
        <translation>Afficher dans le gestionnaire de fichiers</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="47" />
        <source>created %1</source>
        <translation>créé le %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="50" />
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>Lecture seule : impossible d’enregistrer ici de nouveaux entraînements ou index.</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="73" />
        <source>Corpora</source>
        <translation>Corpus</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="73" />
        <location filename="../views/workspace_overview.cpp" line="74" />
        <location filename="../views/workspace_overview.cpp" line="75" />
        <location filename="../views/workspace_overview.cpp" line="76" />
        <source>none yet</source>
        <translation>aucun pour l’instant</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="74" />
        <source>Tokenizers</source>
        <translation>Tokeniseurs</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="75" />
        <source>Runs</source>
        <translation>Entraînements</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="76" />
        <source>Indexes</source>
        <translation>Index</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="47" />
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>Atelier de recherche pour les représentations de phrases multilingues et la recherche.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="53" />
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>Ouvrir l’espace de travail situé dans &lt;dossier&gt;.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="54" />
        <source>folder</source>
        <translation>dossier</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="57" />
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>Ouvrir l’espace de démonstration intégré (créé s’il manque).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="71" />
        <source>Cannot open workspace</source>
        <translation>Impossible d’ouvrir l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="77" />
        <source>Cannot open the demo workspace</source>
        <translation>Impossible d’ouvrir l’espace de démonstration</translation>
    </message>
</context>
</TS>