#pragma once

// Runs of a sweep that differ only in their seed, drawn as one curve: the mean over the seeds
// with a band of +- one sample standard deviation (the sweep's tables, sweep.md, report mean +-
// sd the same way). Qt only.

#include <QList>
#include <QString>
#include <QVector>

namespace isomorph::views {

struct MetricSeries;

/// The setting a run of a sweep belongs to: its name without the ",seed=N" that `isomorph-cli
/// sweep` ends every cell's name with ("mu-sweep/mu=0.3,seed=2" -> "mu-sweep/mu=0.3"); empty
/// when the name has no seed.
QString seedGroupOf(const QString& runName);

/// One setting's curve over its seeds.
struct SeedAggregate {
    QList<double> steps;  ///< the steps every run has a finite value at, ascending
    QList<double> times;  ///< mean wall time of the runs at each step
    QList<double> mean;
    QList<double> lower;  ///< mean - sample sd (the mean itself with one run)
    QList<double> upper;  ///< mean + sample sd
    int runs = 0;
};

/// Mean and spread of `series` (one per seed) at each step all of them logged; a run that
/// logged a step twice (resumed) counts its last value.
SeedAggregate aggregateOverSeeds(const QVector<const MetricSeries*>& series);

}  // namespace isomorph::views
