// The objectives that ship with Isomorph, in display order. A new method adds its files to this
// folder (options header, objective, spec) and one line here; nothing outside the folder names it.

#include "core/train/objectives/ccp_options.h"
#include "core/train/objectives/hictl_options.h"
#include "core/train/objectives/ir_options.h"
#include "core/train/objectives/mlm_options.h"
#include "core/train/objectives/msm_options.h"
#include "core/train/objectives/tlm_options.h"
#include "core/train/objectives/xlp_options.h"

namespace isomorph::train {

std::vector<ObjectiveSpec> builtinObjectiveSpecs() {
    return {mlmObjectiveSpec(), ccpObjectiveSpec(), msmObjectiveSpec(), hictlObjectiveSpec(),
            tlmObjectiveSpec(), irObjectiveSpec(),  xlpObjectiveSpec()};
}

}  // namespace isomorph::train
