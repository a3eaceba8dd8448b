//! Link settings of the `kakuro` binary.
//!
//! On Linux with glibc the binary is linked as a fixed-address executable (`-no-pie`). As a
//! position-independent executable, this one (the app's libraries are linked in) carries
//! tens of thousands of relative relocations: before `main` the loader writes each, copying
//! every page of its relocated read-only data, a cost each command-line run pays, `kakuro
//! --version` included (BENCHMARKS.md, "Start-up"). The price: the binary's own code is not
//! placed at a random address (shared libraries, the stack and the heap still are).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
