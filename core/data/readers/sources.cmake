# Sources of core/data/readers (added to isomorph_data).
