module example.invalid/qipai/go/qipai

go 1.19
