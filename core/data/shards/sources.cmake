# Sources of core/data/shards (added to isomorph_data).
