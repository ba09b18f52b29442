// Carries the precompiled header the LibTorch-using tests share (tests/CMakeLists.txt); the
// program itself does nothing.
int main() {
    return 0;
}
