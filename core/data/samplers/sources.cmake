# Sources of core/data/samplers (added to isomorph_data).
