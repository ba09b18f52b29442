// Linked with one core folder's library as a whole archive (core/CMakeLists.txt): the link
// fails when that folder uses a symbol of a folder it does not link. Never run.
int main() {
    return 0;
}
