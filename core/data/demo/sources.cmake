# Sources of core/data/demo (added to isomorph_data).
